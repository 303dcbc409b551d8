import type { Migration } from "@starling/db";

/** The admin audit log: one row per staff action, never updated. */
export const createAuditLog: Migration = {
  name: "0001_create_audit_log",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("audit_log", (table) => {
      table.bigInteger("id").primary();
      table.bigInteger("account_id").notNullable();
      table.text("action").notNullable();
      table.text("target_type").notNullable();
      table.text("target_id").notNullable();
      table.text("summary");
      table.timestamp("created_at", { useTz: true }).notNullable();
      table.index(["account_id", "id"]);
      table.index(["target_type", "target_id", "id"]);
    });
  },
};
