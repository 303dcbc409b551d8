import { status as GrpcStatus } from "@grpc/grpc-js";
import { ServiceError } from "@starling/runtime";

/**
 * Mastodon's cursor pagination (reference §6.1) as pure rules: max_id is "older than", since_id
 * "newer than, newest first", min_id "immediately newer than" (read upwards, then reversed, so
 * paging back leaves no gap); limit is Mastodon's `limit_param`.
 */

/** A page as it arrives over gRPC (starling.common.v1.PageRequest): absent means unset. */
export interface PageInput {
  maxId?: string | undefined;
  sinceId?: string | undefined;
  minId?: string | undefined;
  limit?: number | undefined;
}

/** A validated page: exclusive cursors that are ids, and a size (0 asks for an empty page). */
export interface Page {
  maxId?: string;
  /** Ignored when `minId` is set, as Mastodon does. */
  sinceId?: string;
  minId?: string;
  limit: number;
}

/** The sizes of one kind of list. */
export interface PageLimits {
  /** Items when the request names no limit. */
  default: number;
  /** Most items a page may hold; Mastodon's twice the default when omitted. */
  max?: number;
}

/** A cursor that is not an id: the caller's error, answered INVALID_ARGUMENT (HTTP 422) by any service. */
export class InvalidCursor extends ServiceError {
  constructor(message: string) {
    super(GrpcStatus.INVALID_ARGUMENT, message);
  }
}

// Ids are PostgreSQL bigints: positive and at most 2^63 − 1.
const MAX_ID = (1n << 63n) - 1n;

/** Whether `value` is an id: decimal digits naming a positive signed 64-bit integer. */
export function isId(value: string): boolean {
  return /^\d{1,19}$/.test(value) && BigInt(value) <= MAX_ID && BigInt(value) > 0n;
}

/**
 * Validates a page request. Every list uses this one rule: an empty cursor is unset, any other
 * cursor that is not an id throws {@link InvalidCursor}; the limit is absent → default, else
 * min(|limit|, max).
 */
export function parsePage(input: PageInput | undefined, limits: PageLimits): Page {
  const page: Page = { limit: pageLimit(input?.limit, limits) };
  const maxId = cursor("max_id", input?.maxId);
  const minId = cursor("min_id", input?.minId);
  const sinceId = cursor("since_id", input?.sinceId);
  if (maxId !== undefined) page.maxId = maxId;
  if (minId !== undefined) page.minId = minId;
  else if (sinceId !== undefined) page.sinceId = sinceId;
  return page;
}

/** Mastodon's `limit_param`: absent → the default, else min(|limit|, max) (0 asks for an empty page). */
export function pageLimit(raw: number | undefined, limits: PageLimits): number {
  if (raw === undefined || !Number.isFinite(raw)) return limits.default;
  return Math.min(Math.abs(Math.trunc(raw)), limits.max ?? limits.default * 2);
}

function cursor(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!isId(raw)) throw new InvalidCursor(`${name} must be an id`);
  return raw;
}

/** The Link cursors of a page: next (max_id) only when the page is full, prev (min_id) whenever it is not empty. */
export interface PageCursors {
  next?: string;
  prev?: string;
}

/**
 * The Link cursors of a page whose items are listed newest first by `ids` (the ids the page was
 * cut by: record ids, or the statuses' own), as Mastodon's `records_continue?`.
 */
export function pageCursors(ids: readonly string[], limit: number): PageCursors {
  if (ids.length === 0) return {};
  return ids.length >= limit ? { next: ids.at(-1)!, prev: ids[0]! } : { prev: ids[0]! };
}
