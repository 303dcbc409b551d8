import type { Migration } from "@starling/db";

/**
 * Interactions with statuses. A reblog is a status row pointing at the original (reblog_of_id), as
 * in Mastodon, with at most one live reblog per account and original (the partial unique index
 * also settles two concurrent reblogs). Favourites, bookmarks and pins are records with their own
 * time-ordered ids, which page the viewer's lists. A conversation mute names the thread's root.
 */
export const createStatusInteractions: Migration = {
  name: "0007_create_status_interactions",
  async up(knex, schema) {
    await knex.raw("alter table ??.statuses add column reblog_of_id bigint", [schema]);
    await knex.raw("create index statuses_reblog_of_id_index on ??.statuses (reblog_of_id, id) where reblog_of_id is not null", [schema]);
    await knex.raw(
      "create unique index statuses_one_live_reblog on ??.statuses (account_id, reblog_of_id) where reblog_of_id is not null and deleted_at is null",
      [schema],
    );
    for (const name of ["favourites", "bookmarks", "status_pins"]) {
      await knex.schema.withSchema(schema).createTable(name, (table) => {
        table.bigInteger("id").primary();
        table.bigInteger("account_id").notNullable();
        table.bigInteger("status_id").notNullable();
        table.timestamp("created_at", { useTz: true }).notNullable();
        table.unique(["account_id", "status_id"]);
        // The viewer's list, newest record first; and who interacted with one status.
        table.index(["account_id", "id"]);
        table.index(["status_id", "id"]);
      });
    }
    await knex.schema.withSchema(schema).createTable("conversation_mutes", (table) => {
      table.bigInteger("account_id").notNullable();
      table.bigInteger("root_status_id").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.primary(["account_id", "root_status_id"]);
    });
  },
  async down(knex, schema) {
    for (const name of ["conversation_mutes", "status_pins", "bookmarks", "favourites"]) await knex.schema.withSchema(schema).dropTableIfExists(name);
    await knex.raw("drop index if exists ??.statuses_one_live_reblog", [schema]);
    await knex.raw("drop index if exists ??.statuses_reblog_of_id_index", [schema]);
    await knex.raw("alter table ??.statuses drop column if exists reblog_of_id", [schema]);
  },
};
