import type { Migration } from "@starling/db";

/**
 * The Collection-Synchronization header a delivery carries (FEP-8fcf, as Mastodon sends it with
 * followers-only activities): the sender's followers digest for the inbox's server, computed when
 * the delivery is queued. Null for deliveries that carry none.
 */
export const addDeliverySynchronization: Migration = {
  name: "0007_add_delivery_synchronization",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("deliveries", (t) => {
      t.text("collection_synchronization");
    });
  },
};
