import type { Migration } from "@starling/db";

/**
 * Accounts as search, the directory and suggestions need them, refreshed from the accounts service
 * on every account event (the events name the account; the rows come from GetAccounts).
 */
export const createSearchAccounts: Migration = {
  name: "0101_create_search_accounts",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("search_accounts", (table) => {
      table.bigInteger("id").primary();
      table.text("username").notNullable();
      // Null for local accounts.
      table.text("domain");
      table.boolean("discoverable").notNullable();
      table.boolean("indexable").notNullable();
      table.boolean("suspended").notNullable();
      table.boolean("silenced").notNullable();
      table.bigInteger("followers_count").notNullable();
      table.timestamp("last_status_at", { useTz: true });
      table.timestamp("created_at", { useTz: true }).notNullable();
    });
    await knex.schema.withSchema(schema).createTable("search_tags", (table) => {
      // Normalized (lower-case) name, as status events carry it.
      table.text("name").primary();
      table.bigInteger("uses").notNullable();
      table.timestamp("last_used_at", { useTz: true }).notNullable();
    });
    await knex.raw(`create index search_tags_name_prefix on ??.search_tags (name text_pattern_ops)`, [schema]);
  },
};
