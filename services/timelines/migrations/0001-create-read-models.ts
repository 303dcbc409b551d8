import type { Migration } from "@starling/db";

/**
 * The timelines service's own read models, fed by events: who follows whom (with a tombstone so a
 * late follow.accepted cannot resurrect a follow removed after it) and the routing facts of every
 * status (with a tombstone so a status.created arriving after its status.deleted stays deleted).
 */
export const createReadModels: Migration = {
  name: "0001_create_read_models",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("follows", (table) => {
      table.bigInteger("account_id").notNullable();
      table.bigInteger("target_account_id").notNullable();
      table.boolean("show_reblogs").notNullable().defaultTo(true);
      // false once a follow.removed is applied; rows stay so event times can be compared.
      table.boolean("active").notNullable();
      // occurred_at of the event that last changed the row: older events lose.
      table.timestamp("changed_at", { useTz: true }).notNullable();
      table.primary(["account_id", "target_account_id"]);
      // Fan-out walks a target's followers in account id order.
      table.index(["target_account_id", "account_id"]);
    });
    await knex.schema.withSchema(schema).createTable("statuses_index", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("account_id").notNullable();
      table.text("visibility").notNullable();
      table.boolean("local").notNullable();
      table.bigInteger("in_reply_to_id");
      table.bigInteger("in_reply_to_account_id");
      table.timestamp("created_at", { useTz: true });
      table.boolean("deleted").notNullable().defaultTo(false);
      table.index(["account_id", "id"]);
      table.index(["visibility", "id"]);
      table.index(["local", "id"]);
    });
    // Direct statuses reach mentioned accounts' home feeds; a rebuild needs to know who they were.
    await knex.schema.withSchema(schema).createTable("status_mentions", (table) => {
      table.bigInteger("status_id").notNullable();
      table.bigInteger("account_id").notNullable();
      table.primary(["status_id", "account_id"]);
      table.index(["account_id", "status_id"]);
    });
  },
  async down(knex, schema) {
    for (const name of ["status_mentions", "statuses_index", "follows"]) await knex.schema.withSchema(schema).dropTableIfExists(name);
  },
};
