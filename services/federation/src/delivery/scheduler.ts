import { createPollingLoop, type PollingLoop } from "@starling/events";
import { publishDueDeliveries } from "./deliveries-queries.ts";
import type { DeliveryDeps, DeliverySettings } from "./deps.ts";
import { publishJobs } from "./jobs.ts";

/** Rows sent per pass; a larger backlog drains in further passes at once. */
const BATCH = 500;

/**
 * The slow path of the queue: every `schedulerIntervalMs` it sends job messages for rows that are
 * due — retries whose time came, rows held back by an open circuit, and rows whose message was
 * lost or whose worker died. Several processes may run it; each row is taken by one of them.
 */
export function createDeliveryScheduler(deps: DeliveryDeps, settings: DeliverySettings): PollingLoop {
  return createPollingLoop(
    () => publishDueDeliveries(deps.db, { now: deps.now(), republishAfterMs: settings.republishAfterMs, limit: BATCH, publish: (jobs) => publishJobs(deps.bus, jobs) }),
    {
      intervalMs: settings.schedulerIntervalMs,
      onError: (error) => deps.logger?.warn({ err: error instanceof Error ? error.message : String(error) }, "delivery scheduler failed; retrying at the next tick"),
    },
  );
}
