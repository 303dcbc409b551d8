import type { Migration } from "@starling/db";

/** A block's reject_reports, so Flags from that server are dropped (as Mastodon's ReportService skips them). */
export const addBlockRejectReports: Migration = {
  name: "0100_add_block_reject_reports",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).alterTable("instance_domain_blocks", (t) => {
      t.boolean("reject_reports").notNullable().defaultTo(false);
    });
  },
};
