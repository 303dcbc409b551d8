import type { Migration } from "@starling/db";

/**
 * Direct conversations, one row per account, thread (its root status) and set of other participants,
 * as Mastodon's account_conversations: the thread's live direct statuses that account was part of
 * (the last one is the paging cursor) and whether it has read them.
 */
export const createConversations: Migration = {
  name: "0007_create_conversations",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("conversations", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("account_id").notNullable();
      table.bigInteger("root_status_id").notNullable();
      // Sorted, without account_id: the same thread with other people is another conversation.
      table.specificType("participant_ids", "bigint[]").notNullable();
      table.specificType("status_ids", "bigint[]").notNullable();
      table.bigInteger("last_status_id").notNullable();
      table.boolean("unread").notNullable();
      table.unique(["account_id", "root_status_id", "participant_ids"]);
      // The list pages one account's conversations by their last status.
      table.index(["account_id", "last_status_id"]);
    });
    // A deleted status finds the conversations holding it.
    await knex.raw("create index conversations_status_ids on ??.conversations using gin (status_ids)", [schema]);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("conversations");
  },
};
