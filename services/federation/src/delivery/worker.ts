import { attemptDelivery } from "./attempt-delivery.ts";
import { DELIVERY_TOPIC, type DeliveryDeps, type DeliverySettings } from "./deps.ts";
import { createHostLanes } from "./host-lanes.ts";
import { jobOf } from "./jobs.ts";
import { createDeliveryPruner } from "./pruner.ts";
import { createDeliveryScheduler } from "./scheduler.ts";

/** Consumer group of the delivery workers: every federation process shares it, so each job runs once. */
export const DELIVERY_GROUP = "federation-delivery";

/** A running delivery worker, scheduler and pruner. */
export interface DeliveryWorker {
  /** Stops taking jobs and scheduling, and waits for the requests in flight. */
  stop(): Promise<void>;
}

/**
 * Consumes job messages and attempts their rows in per-host lanes, and runs the scheduler and the
 * pruner. The message handler only queues the attempt and returns, so a partition never waits on a
 * slow host: the offset is committed at once, and should the process die before the attempt ends,
 * the row's lease runs out and the scheduler sends it again.
 */
export async function startDeliveryWorker(deps: DeliveryDeps, settings: DeliverySettings): Promise<DeliveryWorker> {
  const lanes = createHostLanes({
    perHost: settings.hostConcurrency,
    total: settings.concurrency,
    backlog: settings.hostBacklog,
    onError: (error, host) => deps.logger?.warn({ err: error instanceof Error ? error.message : String(error), host }, "delivery attempt failed; the scheduler will retry it"),
  });
  const subscription = await deps.bus.subscribe({
    topics: [DELIVERY_TOPIC],
    group: DELIVERY_GROUP,
    fromBeginning: true,
    handler: async (envelope) => {
      const job = jobOf(envelope);
      if (!job) return;
      // A full backlog leaves the row as it is: the scheduler sends it again later.
      lanes.submit(job.host, () => attemptDelivery(deps, settings, job.id));
    },
  });
  const scheduler = createDeliveryScheduler(deps, settings);
  scheduler.start();
  const pruner = createDeliveryPruner(deps, settings);
  pruner.start();
  return {
    async stop() {
      await subscription.stop();
      await scheduler.stop();
      await pruner.stop();
      await lanes.close();
    },
  };
}
