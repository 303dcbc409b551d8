import type { Migration } from "@starling/db";

/**
 * Admin webhooks and their pending deliveries. A delivery row is the durable retry queue: it holds
 * the signed body as rendered when the event was heard, and the time of its next attempt, so a
 * restart loses no delivery. (webhook_id, event_id) is unique: a redelivered event adds nothing.
 */
export const createWebhooks: Migration = {
  name: "0100_create_webhooks",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("webhooks", (table) => {
      table.bigInteger("id").primary();
      table.text("url").notNullable();
      table.specificType("events", "text[]").notNullable();
      table.boolean("enabled").notNullable().defaultTo(true);
      table.text("secret").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("updated_at", { useTz: true }).notNullable();
    });
    await knex.schema.withSchema(schema).createTable("webhook_deliveries", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("webhook_id").notNullable().references("id").inTable(`${schema}.webhooks`).onDelete("CASCADE");
      table.text("event_id").notNullable();
      table.text("event").notNullable();
      table.text("body").notNullable();
      table.integer("attempts").notNullable().defaultTo(0);
      table.timestamp("next_attempt_at", { useTz: true }).notNullable();
      // Set when delivered, or when the last attempt failed (given up); the row then leaves the queue.
      table.timestamp("finished_at", { useTz: true });
      table.integer("last_status");
      table.text("last_error");
      table.unique(["webhook_id", "event_id"]);
    });
    await knex.raw(`CREATE INDEX webhook_deliveries_due ON ??.webhook_deliveries (next_attempt_at) WHERE finished_at IS NULL`, [schema]);
  },
};
