import type { Migration } from "@starling/db";

/**
 * Whether the account lets anyone find its public posts by full-text search (`indexable`, Mastodon
 * 4.2, beyond 4.0). Off by default: a post is found by words only by those it concerns until its
 * author opts in.
 */
export const addAccountIndexable: Migration = {
  name: "0180_add_account_indexable",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("accounts", (t) => {
      t.boolean("indexable").notNullable().defaultTo(false);
    });
  },
};
