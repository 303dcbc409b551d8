import type { Migration } from "@starling/db";

/** Endorsed accounts (Mastodon's account pins) and private notes one account keeps on another. */
export const createEndorsementsAndNotes: Migration = {
  name: "0009_create_endorsements_and_notes",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("endorsements", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("account_id").notNullable().references("id").inTable(`${schema}.accounts`);
      t.bigInteger("target_account_id").notNullable().references("id").inTable(`${schema}.accounts`);
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.unique(["account_id", "target_account_id"]);
      t.index(["target_account_id"]);
    });
    await knex.schema.withSchema(schema).createTable("account_notes", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("account_id").notNullable().references("id").inTable(`${schema}.accounts`);
      t.bigInteger("target_account_id").notNullable().references("id").inTable(`${schema}.accounts`);
      // Plain text, at most 2000 characters; an empty note is deleted rather than stored.
      t.text("comment").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.timestamp("updated_at", { useTz: true }).notNullable();
      t.unique(["account_id", "target_account_id"]);
    });
  },
};
