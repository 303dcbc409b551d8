import type { Migration } from "@starling/db";

/**
 * What trends needs to leave out a silenced server's accounts, as it leaves out silenced accounts:
 * each remote account's domain (from account.created) and staff's admin domain blocks (from the
 * moderation topic; a removed block stays as a tombstone, so a late copy of its creation cannot
 * bring it back).
 */
export const addTrendServerSilences: Migration = {
  name: "0200_add_trend_server_silences",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("trend_accounts", (table) => {
      // Lower-case host (and port) of a remote account; null for local accounts.
      table.text("domain");
    });
    await knex.schema.withSchema(schema).createTable("trend_domain_blocks", (table) => {
      table.text("block_id").primary();
      table.text("domain").notNullable();
      table.text("severity").notNullable();
      table.boolean("removed").notNullable().defaultTo(false);
    });
  },
};
