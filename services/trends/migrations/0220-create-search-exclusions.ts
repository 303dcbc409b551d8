import type { Migration } from "@starling/db";

/**
 * Whom each viewer's search leaves out, as Mastodon's search filters statuses: accounts they block
 * or that block them, accounts they mute (until the mute ends) and domains they block. Copies of the
 * accounts service's blocks, mutes and domain blocks, kept from their events.
 */
export const createSearchExclusions: Migration = {
  name: "0220_create_search_exclusions",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("search_blocks", (table) => {
      table.bigInteger("account_id").notNullable();
      table.bigInteger("target_account_id").notNullable();
      table.primary(["account_id", "target_account_id"]);
    });
    await knex.schema.withSchema(schema).createTable("search_mutes", (table) => {
      table.bigInteger("account_id").notNullable();
      table.bigInteger("target_account_id").notNullable();
      // Null for a mute without an end.
      table.timestamp("expires_at", { useTz: true });
      table.primary(["account_id", "target_account_id"]);
    });
    await knex.schema.withSchema(schema).createTable("search_domain_blocks", (table) => {
      table.bigInteger("account_id").notNullable();
      // Lower case, as the events carry it.
      table.text("domain").notNullable();
      table.primary(["account_id", "domain"]);
    });
  },
};
