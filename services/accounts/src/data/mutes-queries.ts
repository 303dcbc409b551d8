import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";

/** One mute: `accountId` mutes `targetAccountId`, until `expiresAt` when set. */
export interface MuteRecord {
  id: string;
  accountId: string;
  targetAccountId: string;
  hideNotifications: boolean;
  expiresAt: Date | null;
  createdAt: Date;
}

interface MuteRow {
  id: string;
  account_id: string;
  target_account_id: string;
  hide_notifications: boolean;
  expires_at: Date | null;
  created_at: Date;
}

const toRecord = (row: MuteRow): MuteRecord => ({
  id: String(row.id),
  accountId: String(row.account_id),
  targetAccountId: String(row.target_account_id),
  hideNotifications: row.hide_notifications,
  expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
  createdAt: new Date(row.created_at),
});

type Query = ReturnType<Database["table"]>;

// A mute whose time ran out is over even before the sweep deletes it.
const live = (query: Query, now: Date): Query => query.where((w) => w.whereNull("expires_at").orWhere("expires_at", ">", now));

/** The pair's mute row, live or run out. */
export async function findMute(db: Database, accountId: string, targetId: string, trx?: Transaction): Promise<MuteRecord | undefined> {
  const row: MuteRow | undefined = await db.table("mutes", trx).where({ account_id: accountId, target_account_id: targetId }).first();
  return row && toRecord(row);
}

/** Inserts the pair's mute, or replaces the options (and the id, when asked) of its existing row. */
export async function saveMute(db: Database, trx: Transaction, mute: MuteRecord): Promise<void> {
  await db
    .table("mutes", trx)
    .insert({
      id: mute.id,
      account_id: mute.accountId,
      target_account_id: mute.targetAccountId,
      hide_notifications: mute.hideNotifications,
      expires_at: mute.expiresAt,
      created_at: mute.createdAt,
    })
    .onConflict(["account_id", "target_account_id"])
    .merge(["id", "hide_notifications", "expires_at", "created_at"]);
}

/** Deletes the pair's mute; resolves the row that was deleted, if any. */
export async function deleteMute(db: Database, trx: Transaction, accountId: string, targetId: string): Promise<MuteRecord | undefined> {
  const rows: MuteRow[] = await db.table("mutes", trx).where({ account_id: accountId, target_account_id: targetId }).delete().returning("*");
  return rows[0] && toRecord(rows[0]);
}

/** Live mutes of `accountId` on any of `targetIds`, by target id. */
export async function liveMutesAmong(db: Database, accountId: string, targetIds: readonly string[], now: Date, trx?: Transaction): Promise<Map<string, MuteRecord>> {
  if (targetIds.length === 0) return new Map();
  const rows: MuteRow[] = await live(db.table("mutes", trx).where({ account_id: accountId }).whereIn("target_account_id", targetIds), now);
  return new Map(rows.map((row) => [String(row.target_account_id), toRecord(row)]));
}

/** One page of `accountId`'s live mutes, newest mute first. */
export async function mutesPage(db: Database, accountId: string, now: Date, page: Page): Promise<MuteRecord[]> {
  const rows = await readPage<MuteRow>(live(db.table("mutes").where({ account_id: accountId }), now), "id", page);
  return rows.map(toRecord);
}

/**
 * Deletes up to `limit` mutes that ran out by `now` and resolves them. Two sweepers racing each
 * get different rows: a row deleted by one is gone for the other.
 */
export async function deleteExpiredMutes(db: Database, trx: Transaction, now: Date, limit: number): Promise<MuteRecord[]> {
  const due = db.table("mutes", trx).where("expires_at", "<=", now).orderBy("expires_at").limit(limit).select("id");
  const rows: MuteRow[] = await db.table("mutes", trx).whereIn("id", due).where("expires_at", "<=", now).delete().returning("*");
  return rows.map(toRecord);
}
