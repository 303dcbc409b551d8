import type { PollInput } from "./poll-rules.ts";
import type { NewStatusInput } from "./new-status.ts";

/**
 * The status a scheduled status will post: what CreateStatus takes, minus the Idempotency-Key,
 * with visibility and language already resolved from the author's defaults (language absent for none).
 */
export interface ScheduledStatusParams extends NewStatusInput {
  poll: PollInput | null;
}

/** A status waiting for its time. */
export interface ScheduledStatus {
  id: string;
  accountId: string;
  scheduledAt: Date;
  params: ScheduledStatusParams;
  createdAt: Date;
}

/** Mastodon's limits on scheduled statuses (ScheduledStatus::TOTAL_LIMIT, DAILY_LIMIT, MINIMUM_OFFSET). */
export const SCHEDULED_TOTAL_LIMIT = 300;
export const SCHEDULED_DAILY_LIMIT = 25;
export const DEFAULT_MIN_SCHEDULE_LEAD_MS = 5 * 60_000;

/** Mastodon's messages for a refused schedule, as its validation errors read. */
export const SCHEDULE_ERRORS = {
  tooSoon: "Validation failed: Scheduled at The scheduled date must be in the future",
  totalLimit: `Validation failed: You have exceeded the limit of ${SCHEDULED_TOTAL_LIMIT} scheduled posts`,
  dailyLimit: `Validation failed: You have exceeded the limit of ${SCHEDULED_DAILY_LIMIT} scheduled posts for today`,
} as const;

/**
 * Whether `scheduledAt` is far enough ahead to wait for. Mastodon 4.0 posts a status at once when
 * its time is not more than the minimum lead away, and refuses to move a scheduled one that close.
 */
export const isFarEnoughAhead = (scheduledAt: Date, now: Date, minLeadMs: number): boolean => scheduledAt.getTime() > now.getTime() + minLeadMs;

/**
 * Until when a scheduled status's uploads are kept from the media orphan cleanup: a day past the
 * time it posts, so a publisher that runs late (or retries) still finds them.
 */
export const reservationEnd = (scheduledAt: Date): Date => new Date(scheduledAt.getTime() + 24 * 60 * 60_000);

/** The UTC day of `at` as [start, end): Mastodon's daily limit compares `scheduled_at::date` (UTC). */
export function utcDayOf(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return { start, end: new Date(start.getTime() + 24 * 60 * 60_000) };
}

/** Which limit, if any, one more scheduled status breaks, given the account's counts (excluding the status itself). */
export function scheduleLimitError(counts: { total: number; sameDay: number }): string | null {
  if (counts.total >= SCHEDULED_TOTAL_LIMIT) return SCHEDULE_ERRORS.totalLimit;
  if (counts.sameDay >= SCHEDULED_DAILY_LIMIT) return SCHEDULE_ERRORS.dailyLimit;
  return null;
}
