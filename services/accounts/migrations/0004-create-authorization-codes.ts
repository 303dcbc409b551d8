import type { Migration } from "@starling/db";

/**
 * Authorization codes of the authorization-code grant (Doorkeeper's access grants). Codes are kept
 * only as sha256 hashes, live 10 minutes and are used once; the PKCE challenge travels with them.
 */
export const createAuthorizationCodes: Migration = {
  name: "0004_create_authorization_codes",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("oauth_authorization_codes", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("app_id").notNullable().references("id").inTable(`${schema}.oauth_apps`);
      t.bigInteger("user_id").notNullable();
      t.bigInteger("account_id").notNullable();
      t.text("code_hash").notNullable().unique();
      t.text("redirect_uri").notNullable();
      t.text("scopes").notNullable(); // space-separated
      t.text("code_challenge"); // null when the client sent no PKCE challenge
      t.text("code_challenge_method"); // S256 or plain
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.timestamp("expires_at", { useTz: true }).notNullable();
      t.timestamp("used_at", { useTz: true });
    });
  },
};
