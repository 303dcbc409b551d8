import type { Migration } from "@starling/db";

/**
 * The authors a viewer's search leaves out (accounts they block or that block them, accounts they
 * mute until the mute ends, accounts on domains they block), as a function: PostgreSQL keeps its
 * plan per connection, where the same four lookups written into each search were planned again on
 * every request (three quarters of the search's planning time). Lookups by blocked account get an
 * index of their own, as the blocks' primary key starts with the blocker.
 */
export const addSearchHiddenAuthors: Migration = {
  name: "0260_add_search_hidden_authors",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("search_blocks", (table) => {
      table.index(["target_account_id"]);
    });
    await knex.raw(
      `create function ??.search_hidden_authors(viewer_id bigint, at_time timestamptz) returns setof bigint language plpgsql stable as $$
       begin
         return query
           select b.target_account_id from ??.search_blocks b where b.account_id = viewer_id
           union all select b.account_id from ??.search_blocks b where b.target_account_id = viewer_id
           union all select m.target_account_id from ??.search_mutes m where m.account_id = viewer_id and (m.expires_at is null or m.expires_at > at_time)
           union all select a.id from ??.search_domain_blocks d join ??.search_accounts a on a.domain = d.domain where d.account_id = viewer_id;
       end
       $$`,
      [schema, schema, schema, schema, schema, schema],
    );
  },
};
