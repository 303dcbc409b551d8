import type { Migration } from "@starling/db";

/**
 * The media attachments of each status, as ids of the media service in the author's order (an
 * array keeps the order without a join; the media service owns the attachments themselves).
 */
export const addStatusMediaIds: Migration = {
  name: "0003_add_status_media_ids",
  async up(knex, schema) {
    await knex.raw("alter table ??.statuses add column media_ids bigint[] not null default '{}'", [schema]);
  },
  async down(knex, schema) {
    await knex.raw("alter table ??.statuses drop column if exists media_ids", [schema]);
  },
};
