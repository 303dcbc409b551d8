import { signViewer, type Logger } from "@starling/runtime";
import type { StatusesDeps } from "../use-cases/dependencies.ts";
import { publishDueStatuses } from "../use-cases/publish-due-statuses.ts";

/** Settings of {@link startScheduledStatusPublisher}. */
export interface PublisherSettings {
  /** Milliseconds between runs. */
  intervalMs: number;
  /** Signs the author as the viewer of the post, so accounts and media accept the forwarded calls. */
  viewerSecret: string;
  logger: Logger;
}

// A post takes a few remote calls; a minute is far beyond that, and short enough that a crashed
// replica's rows are posted soon by another.
const LEASE_MS = 60_000;
const BATCH_SIZE = 50;

/**
 * The scheduler: every `intervalMs`, posts the scheduled statuses that are due by the use cases'
 * clock (so a test moving that clock sees them posted on the next run). Runs never overlap;
 * `stop` waits for the current one.
 */
export function startScheduledStatusPublisher(deps: StatusesDeps, settings: PublisherSettings): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const options = {
    leaseMs: LEASE_MS,
    batchSize: BATCH_SIZE,
    logger: settings.logger,
    // Scopes as the scheduling request had them (write:statuses); a viewer token lives 60 s, so one is signed per post.
    callerFor: async (accountId: string) => ({ accountId, viewerToken: await signViewer(settings.viewerSecret, { accountId, scopes: ["write:statuses"] }) }),
  };
  const run = async () => {
    try {
      // A full batch means more may be due: go on at once rather than wait a whole interval.
      while (!stopped && (await publishDueStatuses(deps, options)) >= BATCH_SIZE);
    } catch (error) {
      settings.logger.error({ err: error }, "scheduled status publisher run failed");
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(schedule);
    }, settings.intervalMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
