import type { Migration } from "@starling/db";

/** Texts staff keep for account actions (Mastodon's account_warning_presets). */
export const createWarningPresets: Migration = {
  name: "0140_create_warning_presets",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("warning_presets", (table) => {
      table.bigInteger("id").primary();
      table.text("title").notNullable().defaultTo("");
      table.text("text").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("updated_at", { useTz: true }).notNullable();
    });
  },
};
