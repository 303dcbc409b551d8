import type { Migration } from "@starling/db";

/** Statuses, soft-deleted so federation can later answer with tombstones. */
export const createStatuses: Migration = {
  name: "0001_create_statuses",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("statuses", (table) => {
      table.bigInteger("id").primary();
      table.text("uri").notNullable().unique();
      table.text("url");
      table.bigInteger("account_id").notNullable();
      table.bigInteger("in_reply_to_id");
      table.bigInteger("in_reply_to_account_id");
      table.text("text").notNullable().defaultTo("");
      table.text("content").notNullable().defaultTo("");
      table.text("spoiler_text").notNullable().defaultTo("");
      table.text("visibility").notNullable();
      table.boolean("sensitive").notNullable().defaultTo(false);
      table.text("language");
      table.boolean("local").notNullable();
      table.text("application_name");
      table.text("application_website");
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("edited_at", { useTz: true });
      table.timestamp("deleted_at", { useTz: true });
      table.bigInteger("replies_count").notNullable().defaultTo(0);
      table.bigInteger("reblogs_count").notNullable().defaultTo(0);
      table.bigInteger("favourites_count").notNullable().defaultTo(0);
      // An account's statuses newest first (profiles, outbox); replies by parent (threads).
      table.index(["account_id", "id"]);
      table.index(["in_reply_to_id"]);
    });
    await knex.raw("alter table ??.statuses add constraint statuses_visibility_check check (visibility in ('public', 'unlisted', 'private', 'direct'))", [schema]);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("statuses");
  },
};
