import type { Migration } from "@starling/db";

/**
 * What self sign-up adds to a user: the app it signed up with, the pending confirmation (only the
 * token's hash is kept, like access tokens), whether a moderator approved it, and the sign-up facts
 * moderators review (reason, agreement time, address). Users made by the CLI have no row: they are
 * approved and need no confirmation token.
 */
export const createRegistrations: Migration = {
  name: "0005_create_registrations",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("registrations", (t) => {
      t.bigInteger("user_id").primary().references("id").inTable(`${schema}.users`);
      t.bigInteger("app_id"); // Mastodon's created_by_application: only this app may resend the mail
      t.text("confirmation_token_hash").unique();
      t.timestamp("confirmation_sent_at", { useTz: true });
      t.boolean("approved").notNullable().defaultTo(true);
      t.text("reason").notNullable().defaultTo("");
      t.timestamp("agreed_at", { useTz: true });
      t.text("sign_up_ip");
      t.timestamp("created_at", { useTz: true }).notNullable();
    });
    // Moderators list the users waiting for approval.
    await knex.raw("create index registrations_pending on ??.registrations (created_at) where not approved", [schema]);
  },
};
