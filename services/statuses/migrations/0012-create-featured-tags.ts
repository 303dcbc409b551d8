import type { Migration } from "@starling/db";

/**
 * Hashtags an account features on its profile (Mastodon's featured tags): one row per account and
 * tag, with the spelling the user typed (preferred casing, returned as the name). Counts and the
 * last use are read from status_tags when asked, so they need no upkeep on status events.
 */
export const createFeaturedTags: Migration = {
  name: "0012_create_featured_tags",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("featured_tags", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("account_id").notNullable();
      table.bigInteger("tag_id").notNullable();
      table.text("name").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.unique(["account_id", "tag_id"]);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("featured_tags");
  },
};
