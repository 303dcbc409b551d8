import type { Migration } from "@starling/db";

/**
 * The custom emoji registry. The images live in the media service; rows keep their public URLs.
 * A shortcode is unique per domain ignoring case (local emojis have the domain ''), so `:Blob:` and
 * `:blob:` never name two different images.
 */
export const createCustomEmojis: Migration = {
  name: "0004_create_custom_emojis",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("custom_emojis", (table) => {
      table.bigInteger("id").primary();
      table.text("shortcode").notNullable();
      table.text("domain").notNullable().defaultTo("");
      table.text("url").notNullable();
      table.text("static_url").notNullable();
      table.text("category");
      table.boolean("visible_in_picker").notNullable().defaultTo(true);
      table.boolean("disabled").notNullable().defaultTo(false);
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("updated_at", { useTz: true }).notNullable();
    });
    await knex.raw("create unique index custom_emojis_shortcode_domain on ??.custom_emojis (lower(shortcode), domain)", [schema]);
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("custom_emojis");
  },
};
