import type { Migration } from "@starling/db";

/**
 * Who blocks or mutes whom, fed by block.* and mute.* events, so fan-out and rebuilds keep those
 * accounts' statuses out of home feeds. Rows stay when a block or mute ends (active false), so a
 * late event that happened earlier cannot revive it.
 */
export const createBlocksAndMutes: Migration = {
  name: "0002_create_blocks_and_mutes",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("blocks_and_mutes", (table) => {
      table.bigInteger("account_id").notNullable();
      table.bigInteger("target_account_id").notNullable();
      // "block" or "mute".
      table.text("kind").notNullable();
      table.boolean("active").notNullable();
      // A timed mute stops hiding at this time even before its mute.removed arrives.
      table.timestamp("expires_at", { useTz: true });
      // occurred_at of the event that last changed the row: older events lose.
      table.timestamp("changed_at", { useTz: true }).notNullable();
      table.primary(["account_id", "target_account_id", "kind"]);
      // "Blocked by": who blocks a receiver, read on every rebuild.
      table.index(["target_account_id", "kind"]);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("blocks_and_mutes");
  },
};
