import type { Migration } from "@starling/db";

/** Reports, local (account_id the reporter) and remote (an inbound Flag: origin_domain and its activity uri). */
export const createReports: Migration = {
  name: "0003_create_reports",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("reports", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("account_id");
      table.bigInteger("target_account_id").notNullable();
      table.text("category").notNullable().defaultTo("other");
      table.text("comment").notNullable().defaultTo("");
      table.specificType("status_ids", "bigint[]").notNullable().defaultTo("{}");
      table.specificType("rule_ids", "bigint[]").notNullable().defaultTo("{}");
      table.boolean("forwarded").notNullable().defaultTo(false);
      table.bigInteger("assigned_account_id");
      table.timestamp("action_taken_at", { useTz: true });
      table.bigInteger("action_taken_by_account_id");
      table.text("origin_domain");
      table.text("activity_uri").unique();
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.timestamp("updated_at", { useTz: true }).notNullable();
      table.index(["target_account_id", "id"]);
      table.index(["account_id", "id"]);
    });
  },
};
