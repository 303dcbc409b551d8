import type { Migration } from "@starling/db";

/**
 * Avatar and header of accounts: the public URLs of the images the media service stored (or, for
 * remote accounts, where their server serves them) and of their still versions. Null when there is
 * no image; the gateway then shows Mastodon's missing images.
 */
export const addProfileImages: Migration = {
  name: "0011_add_profile_images",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("accounts", (t) => {
      t.text("avatar_url");
      t.text("avatar_static_url");
      t.text("header_url");
      t.text("header_static_url");
    });
  },
};
