import type { Migration } from "@starling/db";

/**
 * What copies of remote actors need beyond the profile columns: the identities the actor declares
 * (alsoKnownAs, which a local account moving to it must be among), and an index on the actor URI,
 * by which the federation service finds accounts.
 */
export const addRemoteAccountColumns: Migration = {
  name: "0012_add_remote_account_columns",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("accounts", (t) => {
      // JSON array of actor URIs. Local accounts keep theirs in account_aliases (with the acct typed).
      t.text("also_known_as").notNullable().defaultTo("[]");
      t.index(["uri"], "accounts_uri");
    });
  },
};
