import type { Migration } from "@starling/db";

/**
 * The full-text search read model: one row per searchable status (reblogs are not searched: their
 * text is the original's), fed by status events and the statuses service's answers, plus who
 * interacted with what, which widens the statuses a viewer may find beyond public ones.
 *
 * `document` is a tsvector with a GIN index: the language's stemmed words plus the words as written
 * (the `simple` configuration), so "running" finds "run" in an English post and a word in a
 * language PostgreSQL cannot stem is still found (README: why not trigram).
 */
export const createSearchStatuses: Migration = {
  name: "0100_create_search_statuses",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("search_statuses", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("account_id").notNullable().index();
      table.text("visibility").notNullable();
      // Public and written by an account that opted into search (`indexable`): anyone may find it.
      table.boolean("open").notNullable();
      table.text("language");
      table.boolean("has_media").notNullable();
      table.boolean("has_poll").notNullable();
      table.boolean("has_link").notNullable();
      table.boolean("is_reply").notNullable();
      table.boolean("sensitive").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      // The last edit applied, so an older edit's event arriving late changes nothing.
      table.timestamp("edited_at", { useTz: true });
      table.specificType("document", "tsvector").notNullable();
    });
    await knex.raw(`create index search_statuses_document on ??.search_statuses using gin (document)`, [schema]);
    // Deletions that overtook the status's creation (at-least-once delivery, any order).
    await knex.schema.withSchema(schema).createTable("search_status_tombstones", (table) => {
      table.bigInteger("id").primary();
    });
    await knex.schema.withSchema(schema).createTable("search_interactions", (table) => {
      table.bigInteger("account_id").notNullable();
      table.bigInteger("status_id").notNullable();
      // favourite, reblog, mention
      table.text("kind").notNullable();
      table.primary(["account_id", "status_id", "kind"]);
      table.index(["status_id"]);
    });
  },
};
