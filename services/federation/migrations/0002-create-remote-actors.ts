import type { Migration } from "@starling/db";

/**
 * What this service knows of remote actors beyond the profile accounts keeps: where to deliver
 * (inbox, shared inbox), their followers collection (addressing) and their public keys (signature
 * checks), and the ids of Follow activities received, which an Accept must name.
 */
export const createRemoteActors: Migration = {
  name: "0002_create_remote_actors",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("remote_actors", (t) => {
      t.bigInteger("account_id").primary(); // the accounts service's id of the remote copy
      t.text("uri").notNullable().unique();
      t.text("inbox_url").notNullable();
      t.text("shared_inbox_url");
      t.text("followers_url");
      t.text("domain").notNullable();
      t.timestamp("fetched_at", { useTz: true }).notNullable();
    });
    await knex.schema.withSchema(schema).createTable("inbound_follows", (t) => {
      t.bigInteger("account_id").notNullable(); // remote follower
      t.bigInteger("target_account_id").notNullable(); // local account
      t.text("activity_id").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.primary(["account_id", "target_account_id"]);
    });
  },
};
