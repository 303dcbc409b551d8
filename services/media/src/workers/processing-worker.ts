import type { Logger } from "@starling/runtime";
import { cacheRemoteMedia } from "../use-cases/cache-remote-media.ts";
import { processMedia } from "../use-cases/process-media.ts";
import type { MediaDeps } from "../use-cases/deps.ts";

/**
 * The background processor of pending uploads (API v2, and anything a crash left pending) and of
 * remote attachments waiting to be cached; uploads go first, as someone is waiting for them.
 */
export interface ProcessingWorker {
  start(): void;
  /** Wakes the idle loops now instead of at their next poll. */
  nudge(): void;
  /** Stops taking work and waits for the uploads in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `concurrency` loops that each claim one pending row (upload or remote file) at a time. Rows are leased in the
 * database, so several replicas share the work and a crash only delays a row until its lease ends.
 */
export function createProcessingWorker(deps: MediaDeps, options: { concurrency: number; pollMs: number; logger: Logger }): ProcessingWorker {
  let running = false;
  const loops: Promise<void>[] = [];
  const sleepers = new Set<() => void>();
  const idle = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, options.pollMs);
      sleepers.add(wake);
    });
  const cacheRemote = async () => {
    const cached = await cacheRemoteMedia(deps);
    if (cached?.refused) options.logger.info({ mediaId: cached.record.id, reason: cached.refused }, "remote media not cached; the attachment keeps its remote link");
    return cached;
  };
  const loop = async () => {
    while (running) {
      let worked = false;
      try {
        worked = (await processMedia(deps)) !== undefined || (await cacheRemote()) !== undefined;
      } catch (error) {
        options.logger.warn({ err: error }, "media processing or remote media caching failed; it is retried until its attempts run out");
      }
      if (!worked && running) await idle();
    }
  };
  return {
    start() {
      if (running) return;
      running = true;
      for (let i = 0; i < options.concurrency; i += 1) loops.push(loop());
    },
    nudge() {
      for (const wake of [...sleepers]) wake();
    },
    async stop() {
      running = false;
      for (const wake of [...sleepers]) wake();
      await Promise.all(loops.splice(0));
    },
  };
}
