import type { Database, Transaction } from "@starling/db";

/** Records that `accountId` endorses `targetId`; endorsing twice keeps the first record. */
export async function insertEndorsement(db: Database, trx: Transaction, row: { id: string; accountId: string; targetId: string; createdAt: Date }): Promise<void> {
  await db
    .table("endorsements", trx)
    .insert({ id: row.id, account_id: row.accountId, target_account_id: row.targetId, created_at: row.createdAt })
    .onConflict(["account_id", "target_account_id"])
    .ignore();
}

/** Removes the endorsement of `targetId` by `accountId`, if any (inside `trx` when given). */
export async function deleteEndorsement(db: Database, accountId: string, targetId: string, trx?: Transaction): Promise<void> {
  await db.table("endorsements", trx).where({ account_id: accountId, target_account_id: targetId }).delete();
}

/** Which of `targetIds` `accountId` endorses. */
export async function endorsedAmong(db: Database, accountId: string, targetIds: readonly string[], trx?: Transaction): Promise<Set<string>> {
  if (targetIds.length === 0) return new Set();
  const rows: { target_account_id: string }[] = await db.table("endorsements", trx).where({ account_id: accountId }).whereIn("target_account_id", targetIds).select("target_account_id");
  return new Set(rows.map((row) => String(row.target_account_id)));
}
