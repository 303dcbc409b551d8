import type { Migration } from "@starling/db";

/**
 * A read model of the moderation service's domain blocks and allows, fed by its events: the inbox
 * refuses suspended (and, in limited-federation mode, unlisted) servers, deliveries skip them and
 * their media is not cached. A removed block stays as a tombstone, so a redelivered older event
 * cannot bring it back.
 */
export const createInstanceBlocks: Migration = {
  name: "0050_create_instance_blocks",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("instance_domain_blocks", (t) => {
      t.bigInteger("block_id").primary();
      t.text("domain").notNullable().index();
      t.text("severity").notNullable(); // noop, silence or suspend
      t.boolean("reject_media").notNullable();
      t.boolean("removed").notNullable().defaultTo(false);
    });
    await knex.schema.withSchema(schema).createTable("instance_domain_allows", (t) => {
      t.bigInteger("allow_id").primary();
      t.text("domain").notNullable().index();
      t.boolean("removed").notNullable().defaultTo(false);
    });
  },
};
