import type { Migration } from "@starling/db";

/** Key pairs of local actors, made on first use: one RSA (HTTP Signatures) and one Ed25519 (object proofs) each. */
export const createActorKeys: Migration = {
  name: "0001_create_actor_keys",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("actor_keys", (t) => {
      t.bigInteger("account_id").notNullable();
      t.text("algorithm").notNullable(); // "RSASSA-PKCS1-v1_5" or "Ed25519"
      t.jsonb("private_jwk").notNullable();
      t.jsonb("public_jwk").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.primary(["account_id", "algorithm"]);
    });
  },
};
