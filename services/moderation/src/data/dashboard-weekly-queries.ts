import type { Database } from "@starling/db";

/** Sums of a counter (dim1 '') by week (Monday, YYYY-MM-DD) from the week of `from` on. */
export async function weeklyCounts(db: Database, key: string, from: string): Promise<Map<string, number>> {
  const rows: { week: string; value: string }[] = await db
    .table("dashboard_daily_counts")
    .where({ key, dim1: "" })
    .where("day", ">=", from)
    .groupByRaw("1")
    .select(db.knex.raw("to_char(date_trunc('week', day), 'YYYY-MM-DD') as week"), db.knex.raw("sum(count) as value"));
  return new Map(rows.map((r) => [r.week, Number(r.value)]));
}

/** Distinct members of a day set (dim '') by week, from `from` on. */
export async function weeklyDistinctMembers(db: Database, key: string, from: string): Promise<Map<string, number>> {
  const rows: { week: string; value: string }[] = await db
    .table("dashboard_daily_members")
    .where({ key, dim: "" })
    .where("day", ">=", from)
    .groupByRaw("1")
    .select(db.knex.raw("to_char(date_trunc('week', day), 'YYYY-MM-DD') as week"), db.knex.raw("count(distinct member) as value"));
  return new Map(rows.map((r) => [r.week, Number(r.value)]));
}
