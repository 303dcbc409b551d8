import type { Migration } from "@starling/db";

/**
 * Staff's email_mx_check instance setting beside the registration mode it arrives with
 * (instance_settings.updated): when on, sign-up also checks the e-mail domain's mail servers
 * against the e-mail domain blocks, as Mastodon's EmailMxValidator.
 */
export const addEmailMxCheck: Migration = {
  name: "0200_add_email_mx_check",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("registration_mode", (t) => {
      t.boolean("email_mx_check").notNullable().defaultTo(false);
    });
  },
};
