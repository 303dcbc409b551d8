import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";

/** One block: `accountId` blocks `targetAccountId`. */
export interface BlockRecord {
  id: string;
  accountId: string;
  targetAccountId: string;
  createdAt: Date;
}

interface BlockRow {
  id: string;
  account_id: string;
  target_account_id: string;
  created_at: Date;
}

const toRecord = (row: BlockRow): BlockRecord => ({
  id: String(row.id),
  accountId: String(row.account_id),
  targetAccountId: String(row.target_account_id),
  createdAt: new Date(row.created_at),
});

/** Inserts a block unless the pair has one; true when it was new. */
export async function insertBlock(db: Database, trx: Transaction, block: BlockRecord): Promise<boolean> {
  const inserted: unknown[] = await db
    .table("blocks", trx)
    .insert({ id: block.id, account_id: block.accountId, target_account_id: block.targetAccountId, created_at: block.createdAt })
    .onConflict(["account_id", "target_account_id"])
    .ignore()
    .returning("id");
  return inserted.length > 0;
}

/** Deletes a block; true when there was one. */
export async function deleteBlock(db: Database, trx: Transaction, accountId: string, targetId: string): Promise<boolean> {
  const deleted: unknown[] = await db.table("blocks", trx).where({ account_id: accountId, target_account_id: targetId }).delete().returning("id");
  return deleted.length > 0;
}

/** Which of `targetIds` `accountId` blocks. */
export async function blockedAmong(db: Database, accountId: string, targetIds: readonly string[], trx?: Transaction): Promise<Set<string>> {
  if (targetIds.length === 0) return new Set();
  const rows: { target_account_id: string }[] = await db.table("blocks", trx).where({ account_id: accountId }).whereIn("target_account_id", targetIds).select("target_account_id");
  return new Set(rows.map((row) => String(row.target_account_id)));
}

/** Which of `accountIds` block `targetId`. */
export async function blockersAmong(db: Database, targetId: string, accountIds: readonly string[], trx?: Transaction): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows: { account_id: string }[] = await db.table("blocks", trx).where({ target_account_id: targetId }).whereIn("account_id", accountIds).select("account_id");
  return new Set(rows.map((row) => String(row.account_id)));
}

/** Whether either account blocks the other. */
export async function blockedEitherWay(db: Database, a: string, b: string, trx?: Transaction): Promise<boolean> {
  const row = await db
    .table("blocks", trx)
    .where((w) => w.where({ account_id: a, target_account_id: b }).orWhere({ account_id: b, target_account_id: a }))
    .first("id");
  return row !== undefined;
}

/** One page of the accounts `accountId` blocks, newest block first. */
export async function blocksPage(db: Database, accountId: string, page: Page): Promise<BlockRecord[]> {
  const rows = await readPage<BlockRow>(db.table("blocks").where({ account_id: accountId }), "id", page);
  return rows.map(toRecord);
}
