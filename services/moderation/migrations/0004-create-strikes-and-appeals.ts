import type { Migration } from "@starling/db";

/** Strikes (Mastodon's account warnings) and their appeals: one appeal per strike at most (unique strike_id). */
export const createStrikesAndAppeals: Migration = {
  name: "0004_create_strikes_and_appeals",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("strikes", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("target_account_id").notNullable();
      table.bigInteger("account_id").notNullable();
      table.text("action").notNullable();
      table.text("text").notNullable().defaultTo("");
      table.bigInteger("report_id");
      table.specificType("status_ids", "bigint[]").notNullable().defaultTo("{}");
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("overruled_at", { useTz: true });
      table.index(["target_account_id", "id"]);
    });
    await knex.schema.withSchema(schema).createTable("appeals", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("strike_id").notNullable().unique().references("id").inTable(`${schema}.strikes`);
      table.bigInteger("account_id").notNullable();
      table.text("text").notNullable().defaultTo("");
      table.text("state").notNullable().defaultTo("pending");
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("resolved_at", { useTz: true });
      table.bigInteger("resolved_by_account_id");
      table.index(["state", "id"]);
    });
  },
};
