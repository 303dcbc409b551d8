import type { Migration } from "@starling/db";

/**
 * The bytes each media attachment's stored files occupy, as media.processed last said, with the
 * server and day they count on: a later event for the same attachment (a remote copy removed or
 * cached again) moves the server's `media_bytes` counter by the difference only.
 */
export const createDashboardMedia: Migration = {
  name: "0211_create_dashboard_media",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("dashboard_media", (t) => {
      t.bigInteger("media_id").primary();
      // The owner's domain, '' for this server (dim1 of the counter).
      t.text("domain").notNullable();
      t.date("day").notNullable();
      t.bigInteger("bytes").notNullable();
    });
  },
};
