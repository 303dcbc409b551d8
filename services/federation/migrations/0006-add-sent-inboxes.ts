import type { Migration } from "@starling/db";

/**
 * Every inbox an activity was queued for, kept on the activity, so delivered rows of `deliveries`
 * can be pruned while a later Delete, Update or Undo still finds where the activity went, and a
 * redelivered event still queues nothing twice. Filled from the rows already there.
 */
export const addSentInboxes: Migration = {
  name: "0006_add_sent_inboxes",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("delivery_activities", (t) => {
      t.specificType("inboxes", "text[]").notNullable().defaultTo("{}");
    });
    await knex.raw(
      "update ??.delivery_activities a set inboxes = coalesce((select array_agg(d.inbox order by d.id) from ??.deliveries d where d.activity_id = a.activity_id), '{}')",
      [schema, schema],
    );
  },
};
