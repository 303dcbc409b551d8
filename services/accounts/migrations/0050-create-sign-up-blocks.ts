import type { Migration } from "@starling/db";

/**
 * A read model of the moderation service's e-mail domain blocks and canonical e-mail blocks, fed by
 * its events, which sign-up checks. A removed block stays as a tombstone, so a redelivered older
 * event cannot bring it back.
 */
export const createSignUpBlocks: Migration = {
  name: "0050_create_sign_up_blocks",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("email_domain_blocks", (t) => {
      t.bigInteger("block_id").primary();
      t.text("domain").notNullable().index();
      t.boolean("removed").notNullable().defaultTo(false);
    });
    await knex.schema.withSchema(schema).createTable("canonical_email_blocks", (t) => {
      t.bigInteger("block_id").primary();
      t.text("canonical_email_hash").notNullable().index(); // SHA-256 hex
      t.boolean("removed").notNullable().defaultTo(false);
    });
  },
};
