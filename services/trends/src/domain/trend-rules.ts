import type { PageLimits } from "@starling/paging";

/** How trends are scored and shown: the spec's Limits, and the page sizes of Mastodon 4.0. */

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

/** What can trend. */
export type TrendKind = "tag" | "status" | "link";

/** What staff review: the three kinds, the authors of posts, and the publishers (domains) of links. */
export type ReviewKind = TrendKind | "account" | "publisher";

export const REVIEW_KINDS: readonly ReviewKind[] = ["tag", "status", "link", "account", "publisher"];

/** Half-lives in seconds: a use or interaction counts half as much after one of them. */
export const HALF_LIFE_S: Record<TrendKind, number> = { tag: DAY_S, status: 2 * HOUR_S, link: DAY_S };

/** Daily buckets kept: uses older than this neither score nor show in history. */
export const WINDOW_DAYS = 7;

/** Page sizes: default and largest, for everyone; staff reviewing may ask for more. */
export const PAGE: Record<TrendKind, PageLimits> = { tag: { default: 10, max: 20 }, status: { default: 20, max: 40 }, link: { default: 10, max: 20 } };
export const REVIEW_PAGE_MAX = 100;

/** The thresholds an item must pass to be scored at all. */
export interface TrendThresholds {
  tagAccounts: number;
  statusInteractions: number;
  linkAccounts: number;
}

/** Trend settings of the instance. */
export interface TrendSettings {
  enabled: boolean;
  trendableByDefault: boolean;
  thresholds: TrendThresholds;
}

/**
 * Whether an item may trend, from the reviews that apply to it, most specific first (the item, then
 * its author or publisher): the first decision wins, none means the instance's default.
 */
export function isTrendable(decisions: readonly (boolean | null | undefined)[], trendableByDefault: boolean): boolean {
  const decided = decisions.find((decision) => decision !== null && decision !== undefined);
  return decided ?? trendableByDefault;
}

/** The host of a link, which names its publisher; "" when it is not a URL. */
export function publisherOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}
