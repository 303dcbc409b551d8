import type { Migration } from "@starling/db";

/** TOTP two-factor secrets, their one-time recovery codes, and each user's sign-in history. */
export const createTwoFactorAndSignIns: Migration = {
  name: "0006_create_two_factor_and_sign_ins",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("two_factor_secrets", (t) => {
      t.bigInteger("user_id").primary().references("id").inTable(`${schema}.users`);
      t.text("secret").notNullable(); // base32; pending until enabled_at is set
      t.timestamp("enabled_at", { useTz: true });
      // The last TOTP time step accepted, so a code cannot be replayed within its window.
      t.bigInteger("consumed_timestep");
      t.timestamp("created_at", { useTz: true }).notNullable();
    });
    await knex.schema.withSchema(schema).createTable("recovery_codes", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("user_id").notNullable().references("id").inTable(`${schema}.users`).index();
      t.text("code_hash").notNullable(); // scrypt, like passwords
      t.timestamp("used_at", { useTz: true });
    });
    await knex.schema.withSchema(schema).createTable("sign_ins", (t) => {
      t.bigInteger("id").primary();
      t.bigInteger("user_id").notNullable().references("id").inTable(`${schema}.users`);
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.text("ip").notNullable().defaultTo("");
      t.text("user_agent").notNullable().defaultTo("");
      t.text("authentication_method").notNullable(); // password, otp, recovery_code
      t.boolean("success").notNullable();
      t.text("failure_reason").notNullable().defaultTo("");
      t.index(["user_id", "id"]);
      t.index(["user_id", "ip"]);
    });
  },
};
