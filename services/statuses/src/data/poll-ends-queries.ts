/** Polls whose end passed and was not yet announced with poll.ended. */
import type { Database, Transaction } from "@starling/db";

/** A poll that ended, with whom to tell. */
export interface EndedPoll {
  id: string;
  statusId: string;
  accountId: string;
  expiresAt: Date;
  voterAccountIds: string[];
}

/**
 * Up to `limit` polls of live statuses whose end is at or before `now` and not yet announced,
 * locked for this transaction (SKIP LOCKED, so two replicas never announce one twice).
 */
export async function lockEndedPolls(db: Database, trx: Transaction, now: Date, limit: number): Promise<EndedPoll[]> {
  const rows: { id: string; status_id: string; account_id: string; expires_at: Date }[] = await db
    .table("polls as p", trx)
    .join("statuses as s", "s.id", "p.status_id")
    .whereNull("s.deleted_at")
    .where("p.expires_at", "<=", now)
    .where((w) => w.whereNull("p.ended_announced_for").orWhereRaw("p.ended_announced_for <> p.expires_at"))
    .orderBy("p.expires_at")
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .select("p.id", "p.status_id", "p.account_id", "p.expires_at");
  if (rows.length === 0) return [];
  const votes: { poll_id: string; account_id: string }[] = await db.table("poll_votes", trx).whereIn("poll_id", rows.map((r) => r.id)).distinct("poll_id", "account_id");
  return rows.map((row) => ({
    id: String(row.id),
    statusId: String(row.status_id),
    accountId: String(row.account_id),
    expiresAt: new Date(row.expires_at),
    voterAccountIds: votes.filter((v) => String(v.poll_id) === String(row.id)).map((v) => String(v.account_id)),
  }));
}

/** Records that the poll's end `expiresAt` was announced. */
export async function markPollEndAnnounced(db: Database, trx: Transaction, pollId: string, expiresAt: Date): Promise<void> {
  await db.table("polls", trx).where({ id: pollId }).update({ ended_announced_for: expiresAt });
}
