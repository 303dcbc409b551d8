import type { Migration } from "@starling/db";

/**
 * A read model of the moderation service's admin domain blocks, fed by its events: the public
 * timeline leaves out statuses of remote accounts (remote_accounts) on a silenced or suspended
 * server. A removed block stays as a tombstone, so a redelivered older event cannot bring it back.
 */
export const createInstanceSilences: Migration = {
  name: "0050_create_instance_silences",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("instance_domain_blocks", (t) => {
      t.bigInteger("block_id").primary();
      t.text("domain").notNullable().index();
      t.text("severity").notNullable(); // noop, silence or suspend
      t.boolean("removed").notNullable().defaultTo(false);
    });
  },
};
