import type { Database, Transaction } from "@starling/db";
import type { FollowEdge } from "../domain/relationship.ts";

/** "follows" or "follow_requests": both tables share one shape. */
export type FollowTable = "follows" | "follow_requests";

/** One row of either table. */
export interface FollowRecord extends FollowEdge {
  id: string;
  accountId: string;
  targetAccountId: string;
  createdAt: Date;
}

interface FollowRow {
  id: string;
  account_id: string;
  target_account_id: string;
  show_reblogs: boolean;
  notify: boolean;
  languages: string | null;
  created_at: Date;
}

const toRecord = (row: FollowRow): FollowRecord => ({
  id: String(row.id),
  accountId: String(row.account_id),
  targetAccountId: String(row.target_account_id),
  showReblogs: row.show_reblogs,
  notify: row.notify,
  languages: row.languages === null ? null : (JSON.parse(row.languages) as string[]),
  createdAt: new Date(row.created_at),
});

export async function findEdge(db: Database, table: FollowTable, accountId: string, targetId: string, trx?: Transaction): Promise<FollowRecord | undefined> {
  const row: FollowRow | undefined = await db.table(table, trx).where({ account_id: accountId, target_account_id: targetId }).first();
  return row && toRecord(row);
}

/** Inserts an edge, or updates its options when the pair exists; true when it was new. */
export async function upsertEdge(db: Database, trx: Transaction, table: FollowTable, edge: FollowRecord): Promise<boolean> {
  const options = { show_reblogs: edge.showReblogs, notify: edge.notify, languages: edge.languages === null ? null : JSON.stringify(edge.languages) };
  const inserted: unknown[] = await db
    .table(table, trx)
    .insert({ id: edge.id, account_id: edge.accountId, target_account_id: edge.targetAccountId, created_at: edge.createdAt, ...options })
    .onConflict(["account_id", "target_account_id"])
    .ignore()
    .returning("id");
  if (inserted.length > 0) return true;
  await db.table(table, trx).where({ account_id: edge.accountId, target_account_id: edge.targetAccountId }).update(options);
  return false;
}

/** Deletes an edge; true when there was one. */
export async function deleteEdge(db: Database, trx: Transaction, table: FollowTable, accountId: string, targetId: string): Promise<boolean> {
  // returning() rather than the affected-row count, so the caller learns what it deleted.
  const deleted: unknown[] = await db.table(table, trx).where({ account_id: accountId, target_account_id: targetId }).delete().returning("id");
  return deleted.length > 0;
}

/** Edges from `accountId` to any of `targetIds`, by target id. */
export async function edgesFrom(db: Database, table: FollowTable, accountId: string, targetIds: readonly string[], trx?: Transaction): Promise<Map<string, FollowRecord>> {
  if (targetIds.length === 0) return new Map();
  const rows: FollowRow[] = await db.table(table, trx).where({ account_id: accountId }).whereIn("target_account_id", targetIds);
  return new Map(rows.map((row) => [String(row.target_account_id), toRecord(row)]));
}

/** Which of `accountIds` have an edge in `table` to `targetId`. */
async function sourcesAmong(db: Database, table: FollowTable, targetId: string, accountIds: readonly string[], trx?: Transaction): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows: { account_id: string }[] = await db.table(table, trx).where({ target_account_id: targetId }).whereIn("account_id", accountIds).select("account_id");
  return new Set(rows.map((row) => String(row.account_id)));
}

/** Which of `accountIds` follow `targetId`. */
export async function followersAmong(db: Database, targetId: string, accountIds: readonly string[], trx?: Transaction): Promise<Set<string>> {
  return sourcesAmong(db, "follows", targetId, accountIds, trx);
}

/** Which of `accountIds` have a pending request to follow `targetId`. */
export async function requestersAmong(db: Database, targetId: string, accountIds: readonly string[], trx?: Transaction): Promise<Set<string>> {
  return sourcesAmong(db, "follow_requests", targetId, accountIds, trx);
}

/** Pending requests to `targetId`, counted up to `limit` (Mastodon stops counting at 40). */
export async function countRequestsTo(db: Database, targetId: string, limit: number): Promise<number> {
  const rows = await db.table("follow_requests").where({ target_account_id: targetId }).limit(limit).select("id");
  return rows.length;
}
