import type { Migration } from "@starling/db";

/** Server rules, listed by priority then id (creation order), so equal priorities keep a stable order. */
export const createRules: Migration = {
  name: "0002_create_rules",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("rules", (table) => {
      table.bigInteger("id").primary();
      table.text("text").notNullable();
      table.text("hint").notNullable().defaultTo("");
      table.integer("priority").notNullable().defaultTo(0);
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("updated_at", { useTz: true }).notNullable();
      // Deleted rules stay for the reports that cite them, out of every listing.
      table.timestamp("deleted_at", { useTz: true });
    });
  },
};
