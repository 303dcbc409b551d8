/**
 * How each of Mastodon 4.0's measures is read from the dashboard counters: the counter key, whether
 * it takes a hashtag or a domain, whether its total is the range's (with a previous_total) or all
 * time (instance measures, as Mastodon's admin instance page), and, for distinct counts, the member
 * set whose distinct size over the range is the total (daily values come from the day's counter).
 */
export interface MeasureSpec {
  counter: string;
  param?: "tag" | "domain";
  allTime?: boolean;
  distinct?: boolean;
  /** Set for a measure of bytes (its totals then also come written for people). */
  unit?: "bytes";
}

export const MEASURES: Record<string, MeasureSpec> = {
  active_users: { counter: "active_users", distinct: true },
  new_users: { counter: "new_users" },
  interactions: { counter: "interactions" },
  opened_reports: { counter: "opened_reports" },
  resolved_reports: { counter: "resolved_reports" },
  tag_accounts: { counter: "tag_accounts", param: "tag", distinct: true },
  tag_uses: { counter: "tag_uses", param: "tag" },
  tag_servers: { counter: "tag_servers", param: "tag", distinct: true },
  instance_accounts: { counter: "accounts", param: "domain", allTime: true },
  instance_media_attachments: { counter: "media_bytes", param: "domain", allTime: true, unit: "bytes" },
  instance_reports: { counter: "reports", param: "domain", allTime: true },
  instance_statuses: { counter: "statuses", param: "domain", allTime: true },
  instance_follows: { counter: "follows", param: "domain", allTime: true },
  instance_followers: { counter: "followers", param: "domain", allTime: true },
};

/** Mastodon 4.0's dimension keys, with the parameter each takes. */
export const DIMENSIONS: Record<string, { param?: "tag" | "domain" }> = {
  languages: {},
  sources: {},
  servers: {},
  space_usage: {},
  software_versions: {},
  tag_servers: { param: "tag" },
  tag_languages: { param: "tag" },
  instance_accounts: { param: "domain" },
  instance_languages: { param: "domain" },
};

/** A hashtag as events name it (normalized, without its #). */
export const tagParam = (value: string): string => value.replace(/^#/, "").toLowerCase();

/** A domain as accounts stores it. */
export const domainParam = (value: string): string => value.trim().toLowerCase();

/** A YYYY-MM-DD date that exists, or undefined. Mastodon's clients send dates; a datetime's day is taken. */
export function parseDay(value: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  if (!match) return undefined;
  const at = new Date(`${match[1]}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== match[1] ? undefined : match[1];
}
