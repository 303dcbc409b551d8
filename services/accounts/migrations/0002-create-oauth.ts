import type { Migration } from "@starling/db";

/** OAuth applications and access tokens (tokens kept only as sha256 hashes). */
export const createOauth: Migration = {
  name: "0002_create_oauth",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("oauth_apps", (t) => {
      t.bigInteger("id").primary();
      t.text("name").notNullable();
      t.text("website");
      t.text("redirect_uris").notNullable(); // newline-separated, as Doorkeeper stores them
      t.text("scopes").notNullable(); // space-separated
      t.text("client_id").notNullable().unique();
      t.text("client_secret").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable();
    });
    await knex.schema.withSchema(schema).createTable("oauth_tokens", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("app_id").notNullable().references("id").inTable(`${schema}.oauth_apps`);
      t.bigInteger("user_id"); // null for app-only (client_credentials) tokens
      t.bigInteger("account_id");
      t.text("token_hash").notNullable().unique();
      t.text("scopes").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.timestamp("revoked_at", { useTz: true });
    });
  },
};
