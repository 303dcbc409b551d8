import type { Migration } from "@starling/db";

/**
 * One row per remote attachment of an account, so registering a remote status again (a repeated
 * Create, an Update) finds its attachments instead of adding copies. Local uploads have no remote
 * URL, and nulls never collide.
 */
export const addRemoteMediaKey: Migration = {
  name: "0004_add_remote_media_key",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("media_attachments", (table) => {
      table.unique(["account_id", "remote_url"], { indexName: "media_attachments_account_remote_url" });
    });
  },
};
