import type { Migration } from "@starling/db";

/**
 * Each account's filters as the timelines service last published them (filters.changed), which
 * status pages apply: the whole set, with the version of the change it comes from.
 */
export const createFilterCopies: Migration = {
  name: "0013_create_filter_copies",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("filter_copies", (table) => {
      table.bigInteger("account_id").primary();
      table.bigInteger("version").notNullable();
      table.jsonb("filters").notNullable();
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("filter_copies");
  },
};
