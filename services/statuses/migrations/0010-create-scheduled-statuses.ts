import type { Migration } from "@starling/db";

/**
 * Statuses waiting to be posted. `params` keeps the status as validated when it was scheduled
 * (the scheduler posts it through the ordinary create path, which checks it again). `locked_until`
 * is the scheduler's lease: a replica that takes a due row sets it, so another replica skips the
 * row while it is being posted, and a crash only delays it until the lease runs out.
 */
export const createScheduledStatuses: Migration = {
  name: "0010_create_scheduled_statuses",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("scheduled_statuses", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("account_id").notNullable();
      table.timestamp("scheduled_at", { useTz: true }).notNullable();
      table.jsonb("params").notNullable();
      table.timestamp("locked_until", { useTz: true });
      table.timestamp("created_at", { useTz: true }).notNullable();
      // The viewer's list (paginated by id) and the total and daily limits.
      table.index(["account_id", "id"]);
      // The scheduler's "due now" scan.
      table.index(["scheduled_at"]);
    });
  },
  async down(knex, schema) {
    await knex.schema.withSchema(schema).dropTableIfExists("scheduled_statuses");
  },
};
