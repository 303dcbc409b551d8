import type { Migration } from "@starling/db";

/**
 * The ids of the Follow and Block activities local accounts sent remote ones, while they stand: the
 * Undo that ends one must embed it by that id (GoToSocial refuses an Undo without it; Mastodon
 * matches it against the id it stored).
 */
export const createSentRelationships: Migration = {
  name: "0004_create_sent_relationships",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("sent_relationships", (t) => {
      t.text("kind").notNullable(); // Follow or Block
      t.bigInteger("account_id").notNullable(); // local account
      t.bigInteger("target_account_id").notNullable(); // remote account
      t.text("activity_id").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.primary(["kind", "account_id", "target_account_id"]);
    });
  },
};
