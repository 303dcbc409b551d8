import type { Migration } from "@starling/db";

/**
 * The preview card of each status's first link: an id of the media service, which owns the card.
 * Null until card.created arrives, and for statuses without a link.
 */
export const addStatusPreviewCard: Migration = {
  name: "0005_add_status_preview_card",
  async up(knex, schema) {
    await knex.raw("alter table ??.statuses add column preview_card_id bigint", [schema]);
  },
  async down(knex, schema) {
    await knex.raw("alter table ??.statuses drop column if exists preview_card_id", [schema]);
  },
};
