import type { Migration } from "@starling/db";

/**
 * Accounts staff suspended or silenced (from account.suspended/unsuspended/restricted): their
 * statuses leave public and hashtag timelines, and a suspended author's leave home feeds too. Each
 * flag keeps the time of the event that set it, so an older event arriving late loses.
 */
export const createAccountRestrictions: Migration = {
  name: "0010_create_account_restrictions",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("account_restrictions", (table) => {
      table.bigInteger("account_id").primary();
      table.boolean("suspended").notNullable().defaultTo(false);
      table.timestamp("suspended_changed_at", { useTz: true }).notNullable();
      table.boolean("silenced").notNullable().defaultTo(false);
      table.timestamp("silenced_changed_at", { useTz: true }).notNullable();
    });
  },
};
