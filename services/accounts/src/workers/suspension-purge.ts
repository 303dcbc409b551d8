import type { Logger } from "@starling/runtime";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { purgeLapsedSuspensions } from "../use-cases/purge-lapsed-suspensions.ts";
import { startIntervalWorker, type IntervalWorker } from "./interval-worker.ts";

// A suspension runs out after 30 days; an hour late is of no consequence.
const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes accounts whose suspension ran out, on an interval (each replica may run it: an account
 * becomes a tombstone, and is announced, exactly once).
 */
export function startSuspensionPurge(deps: AccountsDeps, logger: Logger, intervalMs = DEFAULT_INTERVAL_MS): IntervalWorker {
  const worker = startIntervalWorker(
    async () => {
      const purged = await purgeLapsedSuspensions(deps);
      if (purged > 0) logger.info({ purged }, "accounts suspended over 30 days ago deleted");
    },
    { intervalMs, onError: (error) => logger.warn({ err: error }, "suspension purge failed; retrying next interval") },
  );
  // Suspensions that ran out while the service was down go now, not an hour later.
  void worker.runNow();
  return worker;
}
