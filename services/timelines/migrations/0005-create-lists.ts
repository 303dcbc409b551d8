import type { Migration } from "@starling/db";

/**
 * Lists and their members. Members are kept apart from the follows read model: an unfollow removes
 * the account from the follower's lists (as Mastodon's list_accounts hang on the follow), which the
 * consumer does when it applies follow.removed.
 */
export const createLists: Migration = {
  name: "0005_create_lists",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("lists", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("account_id").notNullable();
      table.text("title").notNullable();
      table.text("replies_policy").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.index(["account_id"]);
    });
    await knex.raw("alter table ??.lists add constraint lists_replies_policy_check check (replies_policy in ('followed', 'list', 'none'))", [schema]);
    await knex.schema.withSchema(schema).createTable("list_accounts", (table) => {
      table.bigInteger("list_id").notNullable().references("id").inTable(`${schema}.lists`).onDelete("CASCADE");
      table.bigInteger("account_id").notNullable();
      table.primary(["list_id", "account_id"]);
      // Fan-out looks up the lists holding an author.
      table.index(["account_id"]);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("list_accounts");
    await knex.schema.withSchema(schema).dropTableIfExists("lists");
  },
};
