import type { Logger } from "@starling/runtime";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { expireMutes } from "../use-cases/expire-mutes.ts";
import { startIntervalWorker, type IntervalWorker } from "./interval-worker.ts";

// Reads already treat a run-out mute as gone; the sweep only has to tell other services soon.
const DEFAULT_INTERVAL_MS = 1_000;

/**
 * Sweeps run-out timed mutes on an interval (each replica may run it: a mute is deleted, and
 * announced, by exactly one sweep). The clock is `deps.now`, so tests can move time.
 */
export function startMuteExpiry(deps: AccountsDeps, logger: Logger, intervalMs = DEFAULT_INTERVAL_MS): IntervalWorker {
  return startIntervalWorker(
    async () => {
      const ended = await expireMutes(deps);
      if (ended > 0) logger.debug({ ended }, "timed mutes ended");
    },
    { intervalMs, onError: (error) => logger.warn({ err: error }, "mute expiry sweep failed; retrying next interval") },
  );
}
