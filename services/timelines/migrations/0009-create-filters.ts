import type { Migration } from "@starling/db";

/**
 * Filters (Mastodon's custom_filters, with their keywords and posts) and, per owner, the count of
 * filter changes: each change bumps it under a row lock, so one owner's changes are serialized
 * and every filters.changed event carries a version its consumers can order by.
 */
export const createFilters: Migration = {
  name: "0009_create_filters",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("filters", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("account_id").notNullable();
      table.text("title").notNullable();
      table.specificType("context", "text[]").notNullable();
      table.text("filter_action").notNullable();
      table.timestamp("expires_at", { useTz: true });
      table.index(["account_id"]);
    });
    await knex.raw("alter table ??.filters add constraint filters_action_check check (filter_action in ('warn', 'hide'))", [schema]);
    await knex.schema.withSchema(schema).createTable("filter_keywords", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("filter_id").notNullable().references("id").inTable(`${schema}.filters`).onDelete("CASCADE");
      table.text("keyword").notNullable();
      table.boolean("whole_word").notNullable();
      table.index(["filter_id"]);
    });
    await knex.schema.withSchema(schema).createTable("filter_statuses", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("filter_id").notNullable().references("id").inTable(`${schema}.filters`).onDelete("CASCADE");
      table.bigInteger("status_id").notNullable();
      table.unique(["filter_id", "status_id"]);
    });
    await knex.schema.withSchema(schema).createTable("filter_versions", (table) => {
      table.bigInteger("account_id").primary();
      table.bigInteger("version").notNullable();
    });
  },
  async down(knex, schema) {
    for (const name of ["filter_versions", "filter_statuses", "filter_keywords", "filters"]) await knex.schema.withSchema(schema).dropTableIfExists(name);
  },
};
