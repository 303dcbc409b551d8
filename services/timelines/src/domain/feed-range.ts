/**
 * Home feeds are Redis sorted sets whose members are status ids left-padded to 20 digits, all with
 * score 0, so members order by their bytes, which is exact 64-bit id order (a float score would
 * lose precision above 2^53). A page is then a lexicographic range.
 */
import type { LexRangeQuery } from "@starling/kv";
import type { Page } from "@starling/paging";

/** Digits of the largest unsigned 64-bit integer. */
const WIDTH = 20;

/** The sorted-set member of a status id. */
export function feedMember(id: string | bigint): string {
  return BigInt(id).toString().padStart(WIDTH, "0");
}

/** The status id of a sorted-set member. */
export function idOfMember(member: string): string {
  return BigInt(member).toString();
}

/** How to read one page of a feed: the range, and whether to reverse what it returns. */
export interface FeedRead {
  query: LexRangeQuery;
  /** min_id pages are read oldest first and returned newest first. */
  reverse: boolean;
}

/** Maps Mastodon's cursors onto a lexicographic range over the feed's members. */
export function feedRangeFor(page: Page): FeedRead {
  const query: LexRangeQuery = { order: page.minId === undefined ? "desc" : "asc", count: page.limit };
  if (page.maxId !== undefined) Object.assign(query, { max: feedMember(page.maxId), maxExclusive: true });
  const lower = page.minId ?? page.sinceId;
  if (lower !== undefined) Object.assign(query, { min: feedMember(lower), minExclusive: true });
  return { query, reverse: page.minId !== undefined };
}
