import type { Migration } from "@starling/db";

/** Until when an unattached upload is kept for a scheduled status (the orphan cleanup skips it). */
export const addMediaReservations: Migration = {
  name: "0003_add_media_reservations",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("media_attachments", (table) => {
      table.timestamp("reserved_until", { useTz: true });
    });
  },
};
