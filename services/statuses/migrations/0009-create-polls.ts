import type { Migration } from "@starling/db";

/**
 * Polls and their votes. Tallies are kept on the poll (an array in option order, updated under the
 * poll's row lock with each vote) so reading a timeline's polls never counts votes. Each status
 * points at its poll, so statuses without one cost nothing when rendered.
 */
export const createPolls: Migration = {
  name: "0009_create_polls",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("polls", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("status_id").notNullable().unique();
      table.bigInteger("account_id").notNullable();
      table.specificType("options", "text[]").notNullable();
      table.specificType("tallies", "integer[]").notNullable();
      table.boolean("multiple").notNullable().defaultTo(false);
      table.boolean("hide_totals").notNullable().defaultTo(false);
      table.timestamp("expires_at", { useTz: true });
      table.integer("voters_count").notNullable().defaultTo(0);
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("updated_at", { useTz: true }).notNullable();
    });
    await knex.schema.withSchema(schema).createTable("poll_votes", (table) => {
      // Its own id, so a vote can later be federated as an object of its own.
      table.bigInteger("id").primary();
      table.bigInteger("poll_id").notNullable();
      table.bigInteger("account_id").notNullable();
      table.integer("choice").notNullable();
      table.timestamp("created_at", { useTz: true }).notNullable();
      // One vote per account and option; also the index for "this viewer's votes in these polls".
      table.unique(["poll_id", "account_id", "choice"]);
    });
    await knex.raw("alter table ??.statuses add column poll_id bigint", [schema]);
  },
  async down(knex, schema) {
    await knex.raw("alter table ??.statuses drop column if exists poll_id", [schema]);
    await knex.schema.withSchema(schema).dropTableIfExists("poll_votes");
    await knex.schema.withSchema(schema).dropTableIfExists("polls");
  },
};
