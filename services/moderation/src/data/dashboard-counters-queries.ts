import type { Database, Transaction } from "@starling/db";

/** A counter row's identity: key, up to two dimension values ('' when unused) and the UTC day. */
export interface CounterCell {
  key: string;
  dim1?: string;
  dim2?: string;
  day: string;
}

/** A calendar span, both days included, as YYYY-MM-DD. */
export interface DaySpan {
  from: string;
  to: string;
}

/** Adds `by` to a daily counter. */
export async function bumpCount(db: Database, trx: Transaction, cell: CounterCell, by = 1): Promise<void> {
  await db
    .table("dashboard_daily_counts", trx)
    .insert({ key: cell.key, dim1: cell.dim1 ?? "", dim2: cell.dim2 ?? "", day: cell.day, count: by })
    .onConflict(["key", "dim1", "day", "dim2"])
    .merge({ count: db.knex.raw("?? + excluded.count", ["dashboard_daily_counts.count"]) });
}

/**
 * Adds `member` to the day's set for (key, dim); when it was new, the day's distinct count (the
 * counter of the same key and dim1 = dim) grows by one, so daily values never count the set.
 */
export async function addMember(db: Database, trx: Transaction, cell: { key: string; dim?: string; day: string }, member: string): Promise<void> {
  const inserted: unknown[] = await db
    .table("dashboard_daily_members", trx)
    .insert({ key: cell.key, dim: cell.dim ?? "", day: cell.day, member })
    .onConflict(["key", "dim", "day", "member"])
    .ignore()
    .returning("member");
  if (inserted.length === 0) return;
  await bumpCount(db, trx, { key: cell.key, dim1: cell.dim ?? "", day: cell.day });
  await db
    .table("dashboard_monthly_members", trx)
    .insert({ key: cell.key, dim: cell.dim ?? "", month: `${cell.day.slice(0, 7)}-01`, member })
    .onConflict(["key", "dim", "month", "member"])
    .ignore();
}

/**
 * Records what a media attachment's files occupy now and moves the `media_bytes` counter of its
 * server and first day by the change, so a copy removed or cached again is counted as it stands.
 */
export async function setMediaBytes(db: Database, trx: Transaction, media: { mediaId: string; domain: string; day: string; bytes: number }): Promise<void> {
  const known: { domain: string; day: string; bytes: string } | undefined = await db
    .table("dashboard_media", trx)
    .where({ media_id: media.mediaId })
    .forUpdate()
    .first("domain", db.knex.raw("to_char(day, 'YYYY-MM-DD') as day"), "bytes");
  const change = media.bytes - Number(known?.bytes ?? 0);
  if (known) await db.table("dashboard_media", trx).where({ media_id: media.mediaId }).update({ bytes: media.bytes });
  else await db.table("dashboard_media", trx).insert({ media_id: media.mediaId, domain: media.domain, day: media.day, bytes: media.bytes });
  if (change !== 0) await bumpCount(db, trx, { key: "media_bytes", dim1: known?.domain ?? media.domain, day: known?.day ?? media.day }, change);
}

/** Per-day sums of a key (over dim2), for one dim1 value. */
export async function dailyCounts(db: Database, key: string, dim1: string, span: DaySpan): Promise<Map<string, number>> {
  const rows: { day: string; value: string }[] = await db
    .table("dashboard_daily_counts")
    .where({ key, dim1 })
    .whereBetween("day", [span.from, span.to])
    .groupBy("day")
    .select(db.knex.raw("to_char(day, 'YYYY-MM-DD') as day"), db.knex.raw("sum(count) as value"));
  return new Map(rows.map((r) => [r.day, Number(r.value)]));
}

/** The sum of a key for one dim1 value, over a span or (without one) all time. */
export async function totalCount(db: Database, key: string, dim1: string, span?: DaySpan): Promise<number> {
  const query = db.table("dashboard_daily_counts").where({ key, dim1 });
  if (span) query.whereBetween("day", [span.from, span.to]);
  const row = (await query.sum("count as value").first()) as { value: string | null } | undefined;
  return Number(row?.value ?? 0);
}

/**
 * How many distinct members the sets of (key, dim) hold across a span: the monthly sets of the whole
 * months inside it, and the daily sets of the days outside those months.
 */
export async function distinctMembers(db: Database, key: string, dim: string, span: DaySpan): Promise<number> {
  const months = wholeMonths(span);
  const days = db.table("dashboard_daily_members").where({ key, dim }).whereBetween("day", [span.from, span.to]).select("member");
  if (months) {
    days.where((outside) => outside.where("day", "<", months.from).orWhere("day", ">", months.to));
    days.union(db.table("dashboard_monthly_members").where({ key, dim }).whereBetween("month", [months.from, months.to]).select("member"));
  } else days.distinct();
  const row = (await db.knex.from(days.as("m")).count("* as value").first()) as { value: string | number } | undefined;
  return Number(row?.value ?? 0);
}

/** The first and last day of the whole calendar months inside a span, if any. */
function wholeMonths(span: DaySpan): DaySpan | undefined {
  const first = new Date(`${span.from}T00:00:00Z`);
  if (first.getUTCDate() !== 1) first.setUTCMonth(first.getUTCMonth() + 1, 1);
  const afterLast = new Date(`${span.to}T00:00:00Z`);
  afterLast.setUTCDate(afterLast.getUTCDate() + 1);
  if (afterLast.getUTCDate() !== 1) afterLast.setUTCDate(1);
  if (afterLast <= first) return undefined;
  return { from: first.toISOString().slice(0, 10), to: new Date(afterLast.getTime() - 86_400_000).toISOString().slice(0, 10) };
}

/** The largest groups of a key over a span: by dim1 (all dim1 values) or by dim2 within one dim1. */
export async function topCounts(db: Database, key: string, group: { dim1?: string }, span: DaySpan, limit: number): Promise<{ value: string; count: number }[]> {
  const column = group.dim1 === undefined ? "dim1" : "dim2";
  const query = db.table("dashboard_daily_counts").where({ key }).whereBetween("day", [span.from, span.to]);
  if (group.dim1 !== undefined) query.where({ dim1: group.dim1 });
  const rows: { value: string; count: string }[] = await query.groupBy(column).select(`${column} as value`).sum("count as count").orderBy([{ column: "count", order: "desc" }, { column: "value" }]).limit(limit);
  return rows.map((r) => ({ value: r.value, count: Number(r.count) }));
}

/** The largest member sets of a key over a span, by dim (distinct members each). */
export async function topMemberSets(db: Database, key: string, span: DaySpan, limit: number): Promise<{ value: string; count: number }[]> {
  const rows: { value: string; count: string }[] = await db
    .table("dashboard_daily_members")
    .where({ key })
    .whereBetween("day", [span.from, span.to])
    .groupBy("dim")
    .select("dim as value", db.knex.raw("count(distinct member) as count"))
    .orderBy([{ column: "count", order: "desc" }, { column: "value" }])
    .limit(limit);
  return rows.map((r) => ({ value: r.value, count: Number(r.count) }));
}
