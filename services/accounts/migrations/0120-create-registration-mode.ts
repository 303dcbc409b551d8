import type { Migration } from "@starling/db";

/**
 * The registration mode staff set in moderation's instance settings, fed by instance_settings.updated
 * (one row; none: REGISTRATIONS_MODE applies). `updated_at` is the setting's own time, so an older
 * event delivered late never overwrites a newer mode.
 */
export const createRegistrationMode: Migration = {
  name: "0120_create_registration_mode",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("registration_mode", (t) => {
      t.integer("id").primary();
      // open, approved or none; null: back to the REGISTRATIONS_MODE default.
      t.text("mode");
      t.timestamp("updated_at", { useTz: true }).notNullable();
    });
  },
};
