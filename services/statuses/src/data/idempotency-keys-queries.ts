import type { Database, Transaction } from "@starling/db";

/** The status an account's Idempotency-Key made, if the key was used at or after `since`. */
export async function findIdempotentStatusId(db: Database, accountId: string, key: string, since: Date, trx?: Transaction): Promise<string | undefined> {
  const row: { status_id: string } | undefined = await db
    .table("idempotency_keys", trx)
    .where({ account_id: accountId, key })
    .where("created_at", ">=", since)
    .first("status_id");
  return row ? String(row.status_id) : undefined;
}

/**
 * Records that `key` made `statusId`, replacing a use older than `staleBefore`. False when a fresh
 * use exists: a concurrent request with the same key committed first (on PostgreSQL this insert
 * waits for it), and the caller should answer with that request's status instead.
 */
export async function claimIdempotencyKey(
  db: Database,
  trx: Transaction,
  claim: { accountId: string; key: string; statusId: string; at: Date },
  staleBefore: Date,
): Promise<boolean> {
  const rows = await db
    .table("idempotency_keys", trx)
    .insert({ account_id: claim.accountId, key: claim.key, status_id: claim.statusId, created_at: claim.at })
    .onConflict(["account_id", "key"])
    .merge(["status_id", "created_at"])
    .where(`${db.schema}.idempotency_keys.created_at`, "<", staleBefore)
    .returning("status_id");
  return rows.length === 1;
}
