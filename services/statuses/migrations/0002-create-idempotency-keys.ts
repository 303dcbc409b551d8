import type { Migration } from "@starling/db";

/** Idempotency-Key headers already used, per account, for an hour. */
export const createIdempotencyKeys: Migration = {
  name: "0002_create_idempotency_keys",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("idempotency_keys", (table) => {
      table.bigInteger("account_id").notNullable();
      table.text("key").notNullable();
      table.bigInteger("status_id").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.primary(["account_id", "key"]);
      table.index(["created_at"]);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("idempotency_keys");
  },
};
