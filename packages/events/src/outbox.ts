/**
 * The transactional outbox: events are written as rows in the same transaction as the state change
 * they describe, and outbox-relay.ts publishes them after commit. A rolled-back change therefore
 * never publishes, and a committed one is never lost.
 */
import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import type { Database, Migration } from "@starling/db";
import { Envelope } from "@starling/proto/events/v1/envelope";
import { EVENT_CATALOG, encodePayload, type EventType, type PayloadOf } from "./catalog.ts";
import type { EventEnvelope } from "./event-bus.ts";

/** Name of the outbox table in each service's schema. */
export const OUTBOX_TABLE = "outbox";

/** Creates the outbox table; add it to a service's migration list. */
export const outboxMigration: Migration = {
  name: "0000_events_outbox",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable(OUTBOX_TABLE, (table) => {
      // bigserial: the relay publishes in id order, which is commit-ish order per writer.
      table.bigIncrements("id").primary();
      table.text("topic").notNullable();
      table.text("key").notNullable();
      table.binary("envelope").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists(OUTBOX_TABLE);
  },
};

/** An event to publish once the surrounding transaction commits. */
export interface OutboxEvent {
  topic: string;
  envelope: EventEnvelope;
}

/**
 * Writes events into the outbox inside the caller's transaction. Call `relay.nudge()` after the
 * transaction commits to publish them without waiting for the next poll.
 */
export async function enqueueEvents(db: Database, trx: Knex.Transaction, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.table(OUTBOX_TABLE, trx).insert(
    events.map(({ topic, envelope }) => ({ topic, key: envelope.key, envelope: Buffer.from(Envelope.encode(envelope).finish()) })),
  );
}

/**
 * The outbox row of one event of the catalog: its topic and payload version from the catalog, a
 * fresh envelope from `source` (the writing service), keyed by `key` (the aggregate's id). The one
 * way every service builds the events it enqueues.
 */
export function outboxEvent<T extends EventType>(source: string, type: T, key: string, payload: PayloadOf<T>): OutboxEvent {
  const { topic, version } = EVENT_CATALOG[type];
  return { topic, envelope: newEnvelope({ type, version, source, key, payload: encodePayload(type, payload) }) };
}

/** What a writer knows about a new event; the rest of the envelope is filled in. */
export interface NewEnvelopeInput {
  /** dot.case event type, for example `status.created`. */
  type: string;
  /** Payload message version (default 1). */
  version?: number;
  /** Writing service, for example `statuses`. */
  source: string;
  /** Aggregate id; the partition key. */
  key: string;
  /** The proto-encoded payload. */
  payload: Uint8Array;
  /** W3C traceparent of the request that caused the event, when known. */
  traceParent?: string;
}

/** Builds an envelope with a fresh random id and the current time. */
export function newEnvelope(input: NewEnvelopeInput): EventEnvelope {
  return {
    id: randomUUID(),
    type: input.type,
    version: input.version ?? 1,
    occurredAt: new Date(),
    source: input.source,
    key: input.key,
    traceParent: input.traceParent,
    payload: Buffer.from(input.payload),
  };
}
