import type { Migration } from "@starling/db";

/** Accounts (local and remote copies) and the users behind local ones. */
export const createAccounts: Migration = {
  name: "0001_create_accounts",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("accounts", (t) => {
      t.bigInteger("id").primary();
      t.text("username").notNullable();
      t.text("domain"); // null for local accounts
      t.text("display_name").notNullable().defaultTo("");
      t.text("note").notNullable().defaultTo("");
      t.text("uri").notNullable();
      t.text("url");
      t.boolean("locked").notNullable().defaultTo(false);
      t.boolean("bot").notNullable().defaultTo(false);
      t.boolean("discoverable");
      t.text("actor_type").notNullable().defaultTo("Person");
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.integer("followers_count").notNullable().defaultTo(0);
      t.integer("following_count").notNullable().defaultTo(0);
      t.integer("statuses_count").notNullable().defaultTo(0);
      t.timestamp("last_status_at", { useTz: true });
      t.timestamp("suspended_at", { useTz: true });
      t.timestamp("silenced_at", { useTz: true });
    });
    // One account per username and domain, whatever the case; locals (null domain) collide too.
    await knex.raw("create unique index accounts_username_domain on ??.accounts (lower(username), coalesce(lower(domain), ''))", [schema]);
    await knex.schema.withSchema(schema).createTable("users", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("account_id").notNullable().unique().references("id").inTable(`${schema}.accounts`);
      t.text("email").notNullable();
      t.text("password_hash").notNullable();
      t.timestamp("confirmed_at", { useTz: true });
      t.text("role").notNullable().defaultTo("");
      t.text("locale").notNullable().defaultTo("");
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.timestamp("current_sign_in_at", { useTz: true });
    });
    await knex.raw("create unique index users_email on ??.users (lower(email))", [schema]);
  },
};
