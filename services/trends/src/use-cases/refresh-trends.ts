import { createPollingLoop, type PollingLoop } from "@starling/events";
import type { Logger } from "@starling/runtime";
import { claimRefresh } from "../data/review-queries.ts";
import { recomputeScores } from "../data/trend-score-queries.ts";
import type { TrendsDeps } from "./deps.ts";
import { requestReviewQuietly } from "./request-review.ts";

/** What a refresh scored, by kind (all languages together). */
export interface RefreshCounts {
  tags: number;
  statuses: number;
  links: number;
}

/**
 * Recomputes every trend score in one transaction, when the last refresh is at least `intervalMs`
 * old (0: at once). The claim and the scores commit together, so of several replicas one refreshes
 * per interval and a crash mid-refresh leaves the previous scores and lets the next tick retry.
 */
export async function refreshTrends(deps: TrendsDeps, intervalMs = 0): Promise<RefreshCounts | undefined> {
  return deps.db.transaction(async (trx) => {
    const now = deps.now();
    if (!(await claimRefresh(deps.db, trx, now, intervalMs))) return undefined;
    return recomputeScores(deps.db, trx, now, deps.settings.thresholds);
  });
}

/** The durable scheduler: every tick refreshes if the interval has passed since the last refresh (kept in the database). */
export function startTrendScheduler(deps: TrendsDeps, intervalMs: number, logger: Logger): PollingLoop {
  const loop = createPollingLoop(
    async () => {
      const counts = await refreshTrends(deps, intervalMs);
      if (counts) {
        logger.debug(counts, "trends refreshed");
        await requestReviewQuietly(deps);
      }
      return 0;
    },
    { intervalMs: Math.min(intervalMs, 60_000), onError: (error) => logger.error({ err: error }, "trend refresh failed") },
  );
  loop.start();
  return loop;
}
