import { enqueueEvents, outboxEvent } from "@starling/events";
import { claimReviewNotice } from "../data/review-queries.ts";
import { listScores } from "../data/trend-list-queries.ts";
import { REVIEW_PAGE_MAX, type TrendKind } from "../domain/trend-rules.ts";
import type { TrendsDeps } from "./deps.ts";

/** The spec's limit: staff hear of pending trend candidates at most once every 2 hours. */
export const REVIEW_NOTICE_INTERVAL_MS = 2 * 60 * 60_000;

/** Scored candidates (all languages, the top {@link REVIEW_PAGE_MAX}) that no review applies to yet. */
async function pendingOf(deps: TrendsDeps, kind: TrendKind): Promise<number> {
  const rows = await listScores(deps.db, { kind, language: "", trendableOnly: false, trendableByDefault: deps.settings.trendableByDefault, limit: REVIEW_PAGE_MAX, offset: 0 });
  return rows.filter((row) => row.decisions.every((decision) => decision === null)).length;
}

/**
 * After a refresh: when candidates await review and staff were not told within 2 hours, publishes
 * trends.review_requested naming the staff who may review (manage_taxonomies); accounts e-mails
 * them. The notice time and the event commit together, so replicas send one.
 */
export async function requestReview(deps: TrendsDeps): Promise<boolean> {
  const now = deps.now();
  const [tags = 0, statuses = 0, links = 0] = await Promise.all((["tag", "status", "link"] as const).map((kind) => pendingOf(deps, kind)));
  if (tags + statuses + links === 0 || !(await claimReviewNotice(deps.db, undefined, now, REVIEW_NOTICE_INTERVAL_MS))) return false;
  const { accountIds } = await deps.clients.adminAccounts.listStaff({ permission: "manage_taxonomies" });
  if (accountIds.length === 0) return false;
  const sent = await deps.db.transaction(async (trx) => {
    if (!(await claimReviewNotice(deps.db, trx, now, REVIEW_NOTICE_INTERVAL_MS))) return false;
    await enqueueEvents(deps.db, trx, [outboxEvent("trends", "trends.review_requested", "review", { staffAccountIds: accountIds, tags, statuses, links })]);
    return true;
  });
  if (sent) deps.nudgeRelay();
  return sent;
}

/** Asks for review after a refresh; a failure (accounts unreachable) is logged and retried after the next refresh. */
export async function requestReviewQuietly(deps: TrendsDeps): Promise<void> {
  await requestReview(deps).catch((error: unknown) => deps.logger.warn({ err: error }, "trend review notice not sent"));
}
