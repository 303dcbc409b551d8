import type { Migration } from "@starling/db";

/**
 * Mastodon's unavailable domains: a host whose deliveries have failed for a week, with no success
 * between, gets none until it is heard from again. `failing_since` is the first failure after the
 * last success; `unavailable_since` is set once that is a week old.
 */
export const addHostUnavailability: Migration = {
  name: "0005_add_host_unavailability",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("delivery_hosts", (t) => {
      t.timestamp("failing_since", { useTz: true });
      t.timestamp("unavailable_since", { useTz: true });
    });
  },
};
