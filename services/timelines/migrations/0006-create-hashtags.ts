import type { Migration } from "@starling/db";

/**
 * Hashtags in the timelines read model, fed by status.created: which normalized tags each status
 * carries (with its author, origin and time, so hashtag timelines and the 7-day tag history need
 * no join beyond statuses_index), whether a status has media (only_media), and who follows which
 * tag (fan-out of followed tags into home feeds; the row id is followed_tags' paging cursor).
 */
export const createHashtags: Migration = {
  name: "0006_create_hashtags",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("statuses_index", (table) => {
      table.boolean("has_media").notNullable().defaultTo(false);
    });
    await knex.schema.withSchema(schema).createTable("status_tags", (table) => {
      table.bigInteger("status_id").notNullable();
      table.text("tag").notNullable();
      table.bigInteger("account_id").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.primary(["tag", "status_id"]);
      table.index(["status_id"]);
      // The history walks one tag's last 7 days.
      table.index(["tag", "created_at"]);
    });
    await knex.schema.withSchema(schema).createTable("tag_follows", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("account_id").notNullable();
      table.text("tag").notNullable();
      table.unique(["account_id", "tag"]);
      // Fan-out finds a tag's followers.
      table.index(["tag", "account_id"]);
    });
  },
  async down(knex, schema) {
    for (const name of ["tag_follows", "status_tags"]) await knex.schema.withSchema(schema).dropTableIfExists(name);
    await knex.schema.withSchema(schema).alterTable("statuses_index", (table) => table.dropColumn("has_media"));
  },
};
