import type { Migration } from "@starling/db";

/**
 * The dashboard's counters, kept by the dashboard consumer from events (and by report resolution):
 * one row per day, key and dimension values with a count, so a year of any measure reads at most
 * 366 rows per dimension; per-day sets for the distinct counts (active users, a tag's accounts and
 * servers, also by month); and a read model of accounts (domain, username, local sign-up day) that instance
 * measures and retention cohorts join.
 */
export const createDashboardCounters: Migration = {
  name: "0130_create_dashboard_counters",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("dashboard_daily_counts", (t) => {
      t.text("key").notNullable();
      // '' where a key has no such dimension; dim1 '' also stands for this server among domains.
      t.text("dim1").notNullable().defaultTo("");
      t.text("dim2").notNullable().defaultTo("");
      t.date("day").notNullable();
      t.bigInteger("count").notNullable().defaultTo(0);
      t.primary(["key", "dim1", "day", "dim2"]);
    });
    await knex.schema.withSchema(schema).createTable("dashboard_daily_members", (t) => {
      t.text("key").notNullable();
      t.text("dim").notNullable().defaultTo("");
      t.date("day").notNullable();
      t.text("member").notNullable();
      t.primary(["key", "dim", "day", "member"]);
    });
    // The same sets by month, so a year's distinct count reads at most 12 months of members plus
    // the days of the partial months at its ends, not every day's.
    await knex.schema.withSchema(schema).createTable("dashboard_monthly_members", (t) => {
      t.text("key").notNullable();
      t.text("dim").notNullable().defaultTo("");
      t.date("month").notNullable();
      t.text("member").notNullable();
      t.primary(["key", "dim", "month", "member"]);
    });
    await knex.schema.withSchema(schema).createTable("dashboard_accounts", (t) => {
      t.bigInteger("account_id").primary();
      t.text("username").notNullable();
      // Absent for local accounts.
      t.text("domain");
      t.date("created_day").notNullable();
      t.index(["domain"]);
    });
  },
};
