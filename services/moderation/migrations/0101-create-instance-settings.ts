import type { Migration } from "@starling/db";

/** Instance settings staff edit, one row per key (an absent row: the default). Values are JSON. */
export const createInstanceSettings: Migration = {
  name: "0101_create_instance_settings",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("instance_settings", (table) => {
      table.text("key").primary();
      table.jsonb("value").notNullable();
      table.timestamp("updated_at", { useTz: true }).notNullable();
    });
  },
};
