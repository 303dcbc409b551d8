import type { Logger } from "@starling/runtime";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { DELIVERY_BATCH, sendDueDeliveries, type PushSettings } from "../use-cases/send-due-deliveries.ts";
import { startIntervalWorker, type IntervalWorker } from "./interval-worker.ts";

// The consumer wakes the worker when it queues something; the interval picks up retries that came
// due and what another replica's consumer queued.
const DEFAULT_INTERVAL_MS = 5_000;

/**
 * Drains the queue of pushes and e-mails (each replica may run it: rows are taken with SKIP
 * LOCKED), pass after pass while a pass finds a full batch.
 */
export function startNotificationDelivery(deps: AccountsDeps, push: PushSettings, logger: Logger, intervalMs = DEFAULT_INTERVAL_MS): IntervalWorker {
  return startIntervalWorker(
    async () => {
      while ((await sendDueDeliveries(deps, push, logger)) >= DELIVERY_BATCH);
    },
    { intervalMs, onError: (error) => logger.warn({ err: error }, "notification delivery pass failed; retrying next interval") },
  );
}
