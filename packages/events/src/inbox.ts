/**
 * Idempotent consumers: the bus delivers at least once, so a consumer records each event id it
 * handled in the same transaction as the handling's effects. A redelivery finds the id and does
 * nothing; a handling that failed rolled its id back too, so the retry runs for real.
 */
import type { Knex } from "knex";
import type { Database, Migration } from "@starling/db";
import type { EventEnvelope } from "./event-bus.ts";

/** Name of the processed-events table in each consuming service's schema. */
export const INBOX_TABLE = "processed_events";

/** Creates the processed-events table; add it to a consuming service's migration list. */
export const inboxMigration: Migration = {
  name: "0000_events_inbox",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable(INBOX_TABLE, (table) => {
      // One service may have several consumers of one event (timeline fan-out, notifications).
      table.text("consumer").notNullable();
      table.text("event_id").notNullable();
      table.timestamp("processed_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
      table.primary(["consumer", "event_id"]);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists(INBOX_TABLE);
  },
};

/**
 * Runs `fn` for an envelope unless `consumer` already handled it; the id is recorded and `fn` runs in
 * one transaction. Resolves true when `fn` ran, false for a duplicate. Two concurrent deliveries of
 * one event on PostgreSQL serialize on the primary key: the second waits, then sees the first's row.
 */
export async function handleOnce(
  db: Database,
  consumer: string,
  envelope: EventEnvelope,
  fn: (trx: Knex.Transaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const inserted: unknown[] = await db
      .table(INBOX_TABLE, trx)
      .insert({ consumer, event_id: envelope.id })
      .onConflict(["consumer", "event_id"])
      .ignore()
      .returning("event_id");
    if (inserted.length === 0) return false;
    await fn(trx);
    return true;
  });
}
