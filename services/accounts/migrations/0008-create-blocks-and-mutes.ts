import type { Migration } from "@starling/db";

/** Blocks and mutes between accounts, and the domains a user hides. */
export const createBlocksAndMutes: Migration = {
  name: "0008_create_blocks_and_mutes",
  async up(knex, schema) {
    const accounts = `${schema}.accounts`;
    await knex.schema.withSchema(schema).createTable("blocks", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("account_id").notNullable().references("id").inTable(accounts);
      t.bigInteger("target_account_id").notNullable().references("id").inTable(accounts);
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.unique(["account_id", "target_account_id"]);
      // blocked_by and the list of who blocks someone read by target.
      t.index(["target_account_id"]);
    });
    await knex.schema.withSchema(schema).createTable("mutes", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("account_id").notNullable().references("id").inTable(accounts);
      t.bigInteger("target_account_id").notNullable().references("id").inTable(accounts);
      t.boolean("hide_notifications").notNullable().defaultTo(true);
      // null: until unmuted. A past value means the mute is over, whether or not the sweep ran yet.
      t.timestamp("expires_at", { useTz: true });
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.unique(["account_id", "target_account_id"]);
      t.index(["target_account_id"]);
      // The expiry sweep looks for the mutes that ran out.
      t.index(["expires_at"]);
    });
    await knex.schema.withSchema(schema).createTable("account_domain_blocks", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("account_id").notNullable().references("id").inTable(accounts);
      // Lower-case Unicode, as accounts.domain is compared.
      t.text("domain").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.unique(["account_id", "domain"]);
    });
  },
};
