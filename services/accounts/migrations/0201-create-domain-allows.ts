import type { Migration } from "@starling/db";

/**
 * A read model of the moderation service's domain allows (limited-federation mode), fed by its
 * events: with LIMITED_FEDERATION_MODE, an account of a server not allowed is not looked up, as
 * Mastodon's ResolveAccountService answers nothing for it. A removed allow stays as a tombstone.
 */
export const createDomainAllows: Migration = {
  name: "0201_create_domain_allows",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("domain_allows", (t) => {
      t.bigInteger("allow_id").primary();
      t.text("domain").notNullable().index();
      t.boolean("removed").notNullable().defaultTo(false);
    });
  },
};
