/**
 * Mastodon's cursor pagination (reference §6.1), as pure rules: which ids bound a page, in which
 * direction it is read, and how many items it holds.
 */

/** Default page size of the timelines. */
export const DEFAULT_LIMIT = 20;
/** Largest page: twice the default, as Mastodon's `limit_param`. */
export const MAX_LIMIT = 40;

// Ids are PostgreSQL bigints; a cursor past the largest one bounds nothing more than the largest.
const MAX_ID = (1n << 63n) - 1n;

/** A validated page request. Cursors are exclusive bounds. */
export interface Page {
  /** Only ids strictly below this. */
  maxId?: bigint;
  /** Only ids strictly above this (ignored when `minId` is set). */
  sinceId?: bigint;
  /** Only ids strictly above this, the oldest of them first (then reversed). */
  minId?: bigint;
  /** Items on the page; 0 means an empty page. */
  limit: number;
}

/** Raw cursors as they arrive: empty or absent means unset. */
export interface PageInput {
  maxId?: string | undefined;
  sinceId?: string | undefined;
  minId?: string | undefined;
  /** Absent means the default; negative values count as their absolute value. */
  limit?: number | undefined;
}

/** Why a page request was refused. */
export class InvalidCursor extends Error {}

/** Mastodon's `limit_param`: absent → default, else `min(abs(limit), max)`. */
export function pageLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_LIMIT;
  return Math.min(Math.abs(Math.trunc(limit)), MAX_LIMIT);
}

/** Validates cursors and the limit; throws {@link InvalidCursor} for an id that is not digits. */
export function parsePage(input: PageInput): Page {
  const page: Page = { limit: pageLimit(input.limit) };
  const maxId = cursor("max_id", input.maxId);
  const minId = cursor("min_id", input.minId);
  const sinceId = cursor("since_id", input.sinceId);
  if (maxId !== undefined) page.maxId = maxId;
  if (minId !== undefined) page.minId = minId;
  else if (sinceId !== undefined) page.sinceId = sinceId;
  return page;
}

function cursor(name: string, raw: string | undefined): bigint | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^\d+$/.test(raw)) throw new InvalidCursor(`${name} must be a status id`);
  const value = BigInt(raw);
  return value > MAX_ID ? MAX_ID : value;
}
