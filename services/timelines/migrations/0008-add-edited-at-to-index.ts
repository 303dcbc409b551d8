import type { Migration } from "@starling/db";

/**
 * When the status's latest applied edit was made: an edit's hashtags and media flag replace the
 * status's only when it is later than the one applied (status.updated may arrive out of order).
 */
export const addEditedAtToIndex: Migration = {
  name: "0008_add_edited_at_to_index",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("statuses_index", (table) => {
      table.timestamp("edited_at", { useTz: true });
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("statuses_index", (table) => table.dropColumn("edited_at"));
  },
};
