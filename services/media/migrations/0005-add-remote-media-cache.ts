import type { Migration } from "@starling/db";

/**
 * The local copy of a remote attachment, as Mastodon caches remote media. `remote_cache` is the
 * copy's state: pending (to download; the row is then also the caching job, leased with
 * lease_until and counted in attempts like an upload), cached, failed (refused or gave up: the
 * remote link stays) or removed (`media remove-remote` dropped the files). Null for uploads and for
 * remote rows stored before caching existed. `cached_bytes` is what the copy occupies, so the
 * cleanup can say what it freed without asking the storage.
 */
export const addRemoteMediaCache: Migration = {
  name: "0005_add_remote_media_cache",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("media_attachments", (table) => {
      table.text("remote_cache");
      table.bigInteger("cached_bytes");
    });
    await knex.raw("create index media_attachments_remote_pending on ??.media_attachments (id) where remote_cache = 'pending'", [schema]);
    await knex.raw("create index media_attachments_remote_cached on ??.media_attachments (created_at) where remote_cache = 'cached'", [schema]);
  },
};
