import type { Migration } from "@starling/db";

/**
 * Which end of each poll was announced (poll.ended): the expires_at it was published for, so the
 * scheduler publishes each end once, and again after an edit gives the poll a new end.
 */
export const addPollEndAnnouncements: Migration = {
  name: "0011_add_poll_end_announcements",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("polls", (table) => {
      table.timestamp("ended_announced_for", { useTz: true });
      table.index(["expires_at"]);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("polls", (table) => {
      table.dropIndex(["expires_at"]);
      table.dropColumn("ended_announced_for");
    });
  },
};
