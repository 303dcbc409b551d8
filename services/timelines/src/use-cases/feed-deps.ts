import type { Database } from "@starling/db";
import type { KeyValueStore } from "@starling/kv";
import { Counter, type Registry } from "prom-client";
import type { StreamOutbox } from "./stream-outbox.ts";

/** What the feed and notification use cases work with. */
export interface FeedDeps {
  db: Database;
  kv: KeyValueStore;
  /** Statuses written into home feeds by fan-out, follow merges and rebuilds, by cause. */
  feedWrites: Counter<"cause">;
  /** New time-ordered ids (notifications). */
  newId: () => string;
  /** Tells the outbox relay that rows were committed, so they go out without waiting for its next poll. */
  nudgeRelay: () => void;
  /** Collects the stream messages of the event being handled; absent where nothing streams (rebuilds). */
  stream?: StreamOutbox;
}

/** Registers the feed metrics on the service's registry (once per registry). */
export function feedWritesCounter(registry: Registry): Counter<"cause"> {
  const name = "starling_timelines_feed_writes_total";
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<"cause">;
  return new Counter({ name, help: "Status ids written into home feeds, by cause (fan-out, tag, merge, rebuild)", labelNames: ["cause"], registers: [registry] });
}
