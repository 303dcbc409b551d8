import type { Migration } from "@starling/db";

/** Staff restrictions besides suspension and silencing: sensitized accounts and disabled users. */
export const addAccountRestrictions: Migration = {
  name: "0014_add_account_restrictions",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("accounts", (t) => {
      t.timestamp("sensitized_at", { useTz: true });
    });
    await knex.schema.withSchema(schema).alterTable("users", (t) => {
      t.boolean("disabled").notNullable().defaultTo(false);
    });
  },
};
