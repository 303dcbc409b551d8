import type { Migration } from "@starling/db";

/**
 * Announcements, each user's read marks and reactions. The text's HTML, mentions, hashtags and
 * custom emojis are resolved once when staff save it, so listing one asks no other service.
 */
export const createAnnouncements: Migration = {
  name: "0120_create_announcements",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("announcements", (table) => {
      table.bigInteger("id").primary();
      table.text("text").notNullable();
      table.text("content").notNullable();
      table.jsonb("mentions").notNullable().defaultTo("[]");
      table.jsonb("tags").notNullable().defaultTo("[]");
      table.jsonb("emojis").notNullable().defaultTo("[]");
      table.timestamp("starts_at", { useTz: true });
      table.timestamp("ends_at", { useTz: true });
      table.boolean("all_day").notNullable().defaultTo(false);
      table.timestamp("scheduled_at", { useTz: true });
      table.boolean("published").notNullable().defaultTo(false);
      table.timestamp("published_at", { useTz: true });
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("updated_at", { useTz: true }).notNullable();
      // The scheduler's search: unpublished ones by when they are due.
      table.index(["published", "scheduled_at"], "announcements_due");
    });
    await knex.schema.withSchema(schema).createTable("announcement_dismissals", (table) => {
      table.bigInteger("announcement_id").notNullable().references("id").inTable(`${schema}.announcements`).onDelete("CASCADE");
      table.bigInteger("account_id").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.primary(["account_id", "announcement_id"]);
    });
    await knex.schema.withSchema(schema).createTable("announcement_reactions", (table) => {
      table.bigInteger("announcement_id").notNullable().references("id").inTable(`${schema}.announcements`).onDelete("CASCADE");
      table.bigInteger("account_id").notNullable();
      table.text("name").notNullable();
      // A custom emoji's images as they were when the reaction was made; absent for Unicode emojis.
      table.text("url");
      table.text("static_url");
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.primary(["announcement_id", "name", "account_id"]);
    });
  },
};
