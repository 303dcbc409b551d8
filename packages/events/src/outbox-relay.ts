/**
 * Publishes outbox rows after their transaction committed. Each pass locks the oldest rows with
 * `FOR UPDATE SKIP LOCKED`, publishes them grouped by topic in id order, deletes them and commits;
 * a row is deleted only in the transaction that saw its publish succeed, so a failing bus loses
 * nothing (the rows are published again later: delivery is at least once). The durable embedded bus
 * stores the events in that same transaction, so for it the row moves from outbox to bus atomically.
 */
import { Envelope } from "@starling/proto/events/v1/envelope";
import type { Database } from "@starling/db";
import type { EventBus, EventEnvelope, EventLogger } from "./event-bus.ts";
import { OUTBOX_TABLE } from "./outbox.ts";
import { createPollingLoop } from "./polling-loop.ts";

/** Options of {@link createOutboxRelay}. */
export interface OutboxRelayOptions {
  /** The service's database, holding its outbox table. */
  db: Database;
  /** Where the events go. */
  bus: EventBus;
  /** Poll period when nobody nudges, in milliseconds (default 200). */
  intervalMs?: number;
  /** Rows per transaction (default 100). */
  batchSize?: number;
  /** Receives publish failures; they are retried at the next tick either way. */
  logger?: EventLogger;
}

/**
 * A running relay. One relay per service keeps each key's events in order; several relays on one
 * PostgreSQL database never publish a row twice in the same pass (SKIP LOCKED) but may interleave
 * one key's events, so extra relays are for failover, not throughput.
 */
export interface OutboxRelay {
  /** Starts polling; calling it twice does nothing. */
  start(): void;
  /** Wakes the relay at once; writers call it after committing a transaction with events. */
  nudge(): void;
  /** Publishes one batch now; resolves with the number of rows published. Tests and shutdown use it. */
  publishBatch(): Promise<number>;
  /** Stops polling after the batch in flight finishes. */
  stop(): Promise<void>;
}

interface OutboxRow {
  id: string;
  topic: string;
  envelope: Uint8Array;
}

/** Creates an outbox relay for one service's database. */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, bus } = options;
  const intervalMs = options.intervalMs ?? 200;
  const batchSize = options.batchSize ?? 100;
  const publishBatch = async () => {
    // Most polls find the outbox empty: one plain read says so, where the transaction below would
    // cost three round trips (BEGIN, the locking select, COMMIT) on every tick of every service.
    if ((await db.table(OUTBOX_TABLE).first("id")) === undefined) return 0;
    return db.transaction(async (trx) => {
      const rows: OutboxRow[] = await db
        .table(OUTBOX_TABLE, trx)
        .select("id", "topic", "envelope")
        .orderBy("id")
        .limit(batchSize)
        .forUpdate()
        .skipLocked();
      if (rows.length === 0) return 0;
      for (const [topic, envelopes] of byTopic(rows)) await bus.publish(topic, envelopes, { transaction: trx });
      await db
        .table(OUTBOX_TABLE, trx)
        .whereIn("id", rows.map((row) => row.id))
        .delete();
      return rows.length;
    });
  };

  const loop = createPollingLoop(publishBatch, {
    intervalMs,
    onError: (error) => options.logger?.warn({ err: error instanceof Error ? error.message : String(error) }, "outbox relay failed; retrying at the next tick"),
  });
  return { start: loop.start, nudge: loop.nudge, publishBatch, stop: loop.stop };
}

function byTopic(rows: OutboxRow[]): Map<string, EventEnvelope[]> {
  const groups = new Map<string, EventEnvelope[]>();
  for (const row of rows) {
    const list = groups.get(row.topic) ?? [];
    list.push(Envelope.decode(row.envelope));
    groups.set(row.topic, list);
  }
  return groups;
}
