import type { Migration } from "@starling/db";

/**
 * Reblogs in the statuses read model: which status a reblog reblogs and who wrote that one, so
 * home feeds can apply show_reblogs, blocks and mutes of the original's author, and Mastodon's
 * de-duplication window; public timelines leave reblogs out.
 */
export const addReblogsToIndex: Migration = {
  name: "0003_add_reblogs_to_index",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("statuses_index", (table) => {
      table.bigInteger("reblog_of_id");
      table.bigInteger("reblog_of_account_id");
      table.index(["reblog_of_id"]);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("statuses_index", (table) => {
      table.dropIndex(["reblog_of_id"]);
      table.dropColumn("reblog_of_id");
      table.dropColumn("reblog_of_account_id");
    });
  },
};
