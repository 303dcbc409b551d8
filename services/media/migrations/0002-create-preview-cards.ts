import type { Migration } from "@starling/db";

/**
 * Preview cards, one per URL (later statuses linking the same page reuse it), and the URLs whose
 * fetch failed recently, so a link that keeps failing is not fetched again for every status.
 */
export const createPreviewCards: Migration = {
  name: "0002_create_preview_cards",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("preview_cards", (table) => {
      table.bigInteger("id").primary();
      // The link as written in statuses; the card's own `url` may be the page's canonical URL.
      table.text("link_url").notNullable().unique();
      table.text("url").notNullable();
      table.text("title").notNullable().defaultTo("");
      table.text("description").notNullable().defaultTo("");
      table.text("type").notNullable();
      table.text("link_type").notNullable().defaultTo("unknown");
      table.text("author_name").notNullable().defaultTo("");
      table.text("author_url").notNullable().defaultTo("");
      table.text("provider_name").notNullable().defaultTo("");
      table.text("provider_url").notNullable().defaultTo("");
      table.text("html").notNullable().defaultTo("");
      table.integer("width").notNullable().defaultTo(0);
      table.integer("height").notNullable().defaultTo(0);
      table.text("embed_url").notNullable().defaultTo("");
      table.text("image_remote_url");
      table.text("image_key");
      table.text("blurhash");
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("updated_at", { useTz: true }).notNullable();
    });
    await knex.raw("alter table ??.preview_cards add constraint preview_cards_type_check check (type in ('link', 'photo', 'video', 'rich'))", [schema]);
    await knex.schema.withSchema(schema).createTable("preview_card_failures", (table) => {
      table.text("link_url").primary();
      table.text("reason").notNullable();
      table.timestamp("failed_at", { useTz: true }).notNullable();
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("preview_card_failures");
    await knex.schema.withSchema(schema).dropTableIfExists("preview_cards");
  },
};
