import type { Logger } from "@starling/runtime";
import { cleanUpOrphans } from "../use-cases/clean-up-orphans.ts";
import type { MediaDeps } from "../use-cases/deps.ts";

/** Runs the orphan cleanup every `intervalMs` (and once at start); returns the stop function. */
export function scheduleOrphanCleanup(deps: MediaDeps, options: { intervalMs: number; maxAgeMs: number; logger: Logger }): () => Promise<void> {
  let current: Promise<unknown> = Promise.resolve();
  const run = () => {
    current = cleanUpOrphans(deps, options.maxAgeMs).then(
      (removed) => removed > 0 && options.logger.info({ removed }, "removed media never attached to a status"),
      (error: unknown) => options.logger.warn({ err: error }, "orphan media cleanup failed; it runs again at the next interval"),
    );
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
