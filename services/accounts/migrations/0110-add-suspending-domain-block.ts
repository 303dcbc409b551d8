import type { Migration } from "@starling/db";

/**
 * Which domain block suspended a remote account, so lifting that block lifts exactly the suspensions
 * it made (as Mastodon matches them by the block's time); in limited-federation mode, the removed
 * domain allow that did; null for a suspension staff made by hand.
 */
export const addSuspendingDomainBlock: Migration = {
  name: "0110_add_suspending_domain_block",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("accounts", (t) => {
      t.bigInteger("suspending_domain_block_id");
      t.index(["suspending_domain_block_id"]);
      // The 30-day purge looks for suspensions that ran out.
      t.index(["suspended_at"]);
    });
  },
};
