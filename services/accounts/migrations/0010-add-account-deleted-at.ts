import type { Migration } from "@starling/db";

/**
 * When an account was deleted. The row stays as a suspended tombstone so its username is never
 * given out again and remote servers' references still resolve; deleted_at tells it apart from a
 * suspension that a moderator could lift.
 */
export const addAccountDeletedAt: Migration = {
  name: "0010_add_account_deleted_at",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("accounts", (t) => {
      t.timestamp("deleted_at", { useTz: true });
    });
  },
};
