import type { Migration } from "@starling/db";

/**
 * Every version of an edited status (Mastodon's status_edits): the first edit stores the original
 * as well, so a status with edits has them all, read oldest first by id. The poll of a version is a
 * small JSON snapshot ({options, multiple, expires_at}); its votes stay with the poll itself.
 */
export const createStatusEdits: Migration = {
  name: "0006_create_status_edits",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("status_edits", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("status_id").notNullable();
      table.bigInteger("account_id").notNullable();
      table.text("text").notNullable().defaultTo("");
      table.text("content").notNullable().defaultTo("");
      table.text("spoiler_text").notNullable().defaultTo("");
      table.boolean("sensitive").notNullable().defaultTo(false);
      table.specificType("media_ids", "bigint[]").notNullable().defaultTo("{}");
      table.jsonb("poll");
      table.specificType("emoji_shortcodes", "text[]").notNullable().defaultTo("{}");
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.index(["status_id", "id"]);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("status_edits");
  },
};
