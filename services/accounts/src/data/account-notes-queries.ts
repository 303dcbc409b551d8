import type { Database, Transaction } from "@starling/db";

/** Stores `accountId`'s note on `targetId`, replacing the previous one. */
export async function upsertNote(db: Database, row: { id: string; accountId: string; targetId: string; comment: string; at: Date }): Promise<void> {
  await db
    .table("account_notes")
    .insert({ id: row.id, account_id: row.accountId, target_account_id: row.targetId, comment: row.comment, created_at: row.at, updated_at: row.at })
    .onConflict(["account_id", "target_account_id"])
    .merge(["comment", "updated_at"]);
}

/** Removes `accountId`'s note on `targetId`, if any. */
export async function deleteNote(db: Database, accountId: string, targetId: string): Promise<void> {
  await db.table("account_notes").where({ account_id: accountId, target_account_id: targetId }).delete();
}

/** `accountId`'s notes on any of `targetIds`, by target id. */
export async function notesOn(db: Database, accountId: string, targetIds: readonly string[], trx?: Transaction): Promise<Map<string, string>> {
  if (targetIds.length === 0) return new Map();
  const rows: { target_account_id: string; comment: string }[] = await db.table("account_notes", trx).where({ account_id: accountId }).whereIn("target_account_id", targetIds).select("target_account_id", "comment");
  return new Map(rows.map((row) => [String(row.target_account_id), row.comment]));
}
