import type { Migration } from "@starling/db";

/** Follow suggestions: accounts staff picked for newcomers, and suggestions a user dismissed. */
export const createSuggestions: Migration = {
  name: "0102_create_suggestions",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("suggestion_staff_picks", (table) => {
      table.bigInteger("account_id").primary();
      table.timestamp("created_at", { useTz: true }).notNullable();
    });
    await knex.schema.withSchema(schema).createTable("suggestion_dismissals", (table) => {
      table.bigInteger("account_id").notNullable();
      table.bigInteger("target_account_id").notNullable();
      table.primary(["account_id", "target_account_id"]);
    });
  },
};
