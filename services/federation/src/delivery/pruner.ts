import { createPollingLoop, type PollingLoop } from "@starling/events";
import { pruneDeliveries } from "./deliveries-queries.ts";
import type { DeliveryDeps, DeliverySettings } from "./deps.ts";

/** Rows deleted per statement; a larger backlog goes in further passes at once. */
const BATCH = 1_000;

/**
 * Keeps the queue small: every `pruneIntervalMs` it deletes delivered rows older than
 * `keepDeliveredMs` and dead ones older than `keepDeadMs` (kept that long for `starling federation
 * deliveries`). Where an activity went stays on the activity (delivery_activities.inboxes). Any
 * number of processes may run it: a row deleted twice is deleted once.
 */
export function createDeliveryPruner(deps: DeliveryDeps, settings: DeliverySettings): PollingLoop {
  return createPollingLoop(
    () => {
      const now = deps.now().getTime();
      return pruneDeliveries(deps.db, { deliveredBefore: new Date(now - settings.keepDeliveredMs), deadBefore: new Date(now - settings.keepDeadMs), limit: BATCH });
    },
    {
      intervalMs: settings.pruneIntervalMs,
      onError: (error) => deps.logger?.warn({ err: error instanceof Error ? error.message : String(error) }, "delivery pruning failed; retrying at the next tick"),
    },
  );
}
