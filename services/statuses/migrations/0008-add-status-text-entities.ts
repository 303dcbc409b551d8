import type { Migration } from "@starling/db";

/**
 * What a status's text refers to. Mentioned accounts (ids of the accounts service), hashtag names
 * and custom emoji shortcodes are arrays on the status, which keep the author's order and let every
 * read path map a row without a join. Hashtags are also rows: `tags` holds each normalized name once
 * (with the spelling first used), `status_tags` links statuses to them, indexed by tag for hashtag
 * timelines. Both are written in the status's transaction.
 */
export const addStatusTextEntities: Migration = {
  name: "0008_add_status_text_entities",
  async up(knex, schema) {
    await knex.raw("alter table ??.statuses add column mentioned_account_ids bigint[] not null default '{}'", [schema]);
    await knex.raw("alter table ??.statuses add column tag_names text[] not null default '{}'", [schema]);
    await knex.raw("alter table ??.statuses add column emoji_shortcodes text[] not null default '{}'", [schema]);
    await knex.schema.withSchema(schema).createTable("tags", (table) => {
      table.bigInteger("id").primary();
      // Lower case, accents of Latin letters folded (see @starling/text normalizeHashtag).
      table.text("name").notNullable().unique();
      table.text("display_name").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
    });
    await knex.schema.withSchema(schema).createTable("status_tags", (table) => {
      table.bigInteger("status_id").notNullable();
      table.bigInteger("tag_id").notNullable();
      table.primary(["status_id", "tag_id"]);
      table.index(["tag_id", "status_id"]);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("status_tags");
    await knex.schema.withSchema(schema).dropTableIfExists("tags");
    await knex.raw("alter table ??.statuses drop column if exists emoji_shortcodes", [schema]);
    await knex.raw("alter table ??.statuses drop column if exists tag_names", [schema]);
    await knex.raw("alter table ??.statuses drop column if exists mentioned_account_ids", [schema]);
  },
};
