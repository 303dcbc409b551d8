import type { Migration } from "@starling/db";

/**
 * The outgoing delivery queue. `delivery_activities` keeps each activity's JSON once, however many
 * inboxes it goes to; `deliveries` has one row per (activity, inbox), the source of truth the bus
 * messages only point at; `delivery_hosts` is each remote host's circuit breaker.
 */
export const createDeliveries: Migration = {
  name: "0003_create_deliveries",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("delivery_activities", (t) => {
      t.text("activity_id").primary();
      t.bigInteger("sender_account_id").notNullable();
      t.text("activity_type").notNullable();
      t.text("body").notNullable(); // the JSON posted, byte for byte
      t.timestamp("created_at", { useTz: true }).notNullable();
    });
    await knex.schema.withSchema(schema).createTable("deliveries", (t) => {
      t.bigInteger("id").primary();
      t.text("activity_id").notNullable();
      t.text("inbox").notNullable();
      t.text("host").notNullable(); // the inbox URL's host[:port]: the circuit and the bus key
      t.text("state").notNullable(); // pending, failed, delivered, dead
      t.integer("attempts").notNullable().defaultTo(0);
      t.text("last_error").notNullable().defaultTo("");
      t.timestamp("next_attempt_at", { useTz: true }).notNullable();
      // When a bus message last pointed a worker at the row; the scheduler sends another when it is lost.
      t.timestamp("published_at", { useTz: true });
      // Set while a worker attempts the row; a crashed worker's lease runs out and the row is due again.
      t.timestamp("leased_until", { useTz: true });
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.timestamp("updated_at", { useTz: true }).notNullable();
      t.unique(["activity_id", "inbox"]);
      t.index(["state", "next_attempt_at"]);
    });
    await knex.schema.withSchema(schema).createTable("delivery_hosts", (t) => {
      t.text("host").primary();
      t.integer("consecutive_failures").notNullable().defaultTo(0);
      t.integer("openings").notNullable().defaultTo(0); // times opened since the last success
      t.timestamp("open_until", { useTz: true });
      // Set while the one half-open trial attempt is in flight.
      t.timestamp("probe_until", { useTz: true });
      t.timestamp("updated_at", { useTz: true }).notNullable();
    });
  },
};
