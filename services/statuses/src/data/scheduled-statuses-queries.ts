import type { Database, Transaction } from "@starling/db";
import type { ScheduledStatus, ScheduledStatusParams } from "../domain/scheduled-status.ts";
import { readPage, type Page } from "@starling/paging";

/** A row of `scheduled_statuses` as pg returns it (int8 as strings, jsonb parsed). */
interface ScheduledStatusRow {
  id: string;
  account_id: string;
  scheduled_at: Date;
  params: ScheduledStatusParams | string;
  created_at: Date;
}

const fromRow = (row: ScheduledStatusRow): ScheduledStatus => ({
  id: String(row.id),
  accountId: String(row.account_id),
  scheduledAt: new Date(row.scheduled_at),
  params: typeof row.params === "string" ? (JSON.parse(row.params) as ScheduledStatusParams) : row.params,
  createdAt: new Date(row.created_at),
});

/** Stores a new scheduled status. */
export async function insertScheduledStatus(db: Database, trx: Transaction, scheduled: ScheduledStatus): Promise<void> {
  await db.table("scheduled_statuses", trx).insert({
    id: scheduled.id,
    account_id: scheduled.accountId,
    scheduled_at: scheduled.scheduledAt,
    params: JSON.stringify(scheduled.params),
    created_at: scheduled.createdAt,
  });
}

/** The account's scheduled status with this id, or undefined (also for another account's). */
export async function findScheduledStatus(db: Database, accountId: string, id: string, trx?: Transaction): Promise<ScheduledStatus | undefined> {
  const row: ScheduledStatusRow | undefined = await db.table("scheduled_statuses", trx).where({ id, account_id: accountId }).first();
  return row && fromRow(row);
}

/** A page of the account's scheduled statuses by id. */
export async function listScheduledStatuses(db: Database, accountId: string, page: Page): Promise<ScheduledStatus[]> {
  const rows = await readPage<ScheduledStatusRow>(db.table("scheduled_statuses").where({ account_id: accountId }), "id", page);
  return rows.map(fromRow);
}

/**
 * The account's scheduled statuses in all and on the UTC day [dayStart, dayEnd), leaving out
 * `exceptId` (the one being moved). Counted inside the writer's transaction, after
 * {@link lockAccountSchedule}, so two requests cannot both take the last place.
 */
export async function countScheduledStatuses(db: Database, trx: Transaction, accountId: string, day: { start: Date; end: Date }, exceptId = "0"): Promise<{ total: number; sameDay: number }> {
  const row = (await db
    .table("scheduled_statuses", trx)
    .where({ account_id: accountId })
    .whereNot({ id: exceptId })
    .select(db.knex.raw("count(*) as total"), db.knex.raw("count(*) filter (where scheduled_at >= ? and scheduled_at < ?) as same_day", [day.start, day.end]))
    .first()) as { total: string | number; same_day: string | number };
  return { total: Number(row.total), sameDay: Number(row.same_day) };
}

/** Serializes schedule writes of one account for the rest of `trx` (a transaction-scoped advisory lock). */
export async function lockAccountSchedule(db: Database, trx: Transaction, accountId: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext(?), hashtext(?))", [`${db.schema}.scheduled_statuses`, accountId]);
}

/** Moves a scheduled status; false when it is gone. */
export async function setScheduledAt(db: Database, trx: Transaction, id: string, scheduledAt: Date): Promise<boolean> {
  // Rows returned rather than a count, so the caller gets what it changed.
  return (await db.table("scheduled_statuses", trx).where({ id }).update({ scheduled_at: scheduledAt, locked_until: null }).returning("id")).length > 0;
}

/** Removes a scheduled status (cancelled or posted); false when it was already gone. */
export async function deleteScheduledStatus(db: Database, id: string, trx?: Transaction): Promise<boolean> {
  return (await db.table("scheduled_statuses", trx).where({ id }).delete().returning("id")).length > 0;
}

/**
 * Takes up to `limit` statuses due at `now` whose lease is free, skipping rows another replica
 * holds (FOR UPDATE SKIP LOCKED), and leases them until `leaseUntil`.
 */
export async function leaseDueScheduledStatuses(db: Database, trx: Transaction, now: Date, leaseUntil: Date, limit: number): Promise<ScheduledStatus[]> {
  const rows: ScheduledStatusRow[] = await db
    .table("scheduled_statuses", trx)
    .where("scheduled_at", "<=", now)
    .andWhere((q) => q.whereNull("locked_until").orWhere("locked_until", "<=", now))
    .orderBy("scheduled_at")
    .limit(limit)
    .forUpdate()
    .skipLocked();
  if (rows.length > 0) await db.table("scheduled_statuses", trx).whereIn("id", rows.map((r) => r.id)).update({ locked_until: leaseUntil });
  return rows.map(fromRow);
}
