import { InvalidCursor, pageLimit, type PageLimits } from "./page.ts";

/**
 * Paging by position, as Mastodon's trends, search and directory: `offset` items skipped, then
 * `limit` (the same limit rule as the cursor pages).
 */

/** An offset page as it arrives over gRPC: absent means unset. */
export interface OffsetPageInput {
  limit?: number | undefined;
  offset?: number | undefined;
}

/** A validated offset page: a size (0 asks for an empty page) and a position from 0. */
export interface OffsetPage {
  limit: number;
  offset: number;
}

/** Where the pages beside one read by offset start; absent where there is none. */
export interface OffsetCursors {
  nextOffset?: number;
  prevOffset?: number;
}

/**
 * Validates an offset page: the limit as {@link parsePage}'s (absent → default, else
 * min(|limit|, max)); an absent offset is 0, one that is not a whole number from 0 throws
 * {@link InvalidCursor}.
 */
export function parseOffsetPage(input: OffsetPageInput | undefined, limits: PageLimits): OffsetPage {
  const offset = input?.offset ?? 0;
  if (!Number.isSafeInteger(offset) || offset < 0) throw new InvalidCursor("offset must be a whole number from 0");
  return { limit: pageLimit(input?.limit, limits), offset };
}

/**
 * The neighbours of a page of `count` items read with `page`, as Mastodon's trends controllers: a
 * next page when this one is full, a previous one when this one does not start at the top
 * (Mastodon only links it past the first `limit` items; here from any offset).
 */
export function offsetCursors(count: number, page: OffsetPage): OffsetCursors {
  const { limit, offset } = page;
  return { ...(limit > 0 && count >= limit ? { nextOffset: offset + limit } : {}), ...(offset > 0 ? { prevOffset: Math.max(offset - limit, 0) } : {}) };
}
