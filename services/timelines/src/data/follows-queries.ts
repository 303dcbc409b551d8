/** The `follows` read model: who follows whom, fed by follow.accepted and follow.removed. */
import type { Database, Transaction } from "@starling/db";

/** One follow event's effect on the read model. */
export interface FollowChange {
  accountId: string;
  targetAccountId: string;
  showReblogs: boolean;
  /** Whether the follower is notified of the target's posts (false for follow.removed). */
  notify: boolean;
  /** false for follow.removed. */
  active: boolean;
  /** When the event happened; an older change than the stored one is ignored. */
  changedAt: Date;
}

/**
 * Upserts a follow unless a change that happened later is already stored (events may arrive out
 * of order). Resolves whether the change was applied.
 */
export async function applyFollowChange(db: Database, trx: Transaction, change: FollowChange): Promise<boolean> {
  const rows: unknown[] = await db
    .table("follows", trx)
    .insert({
      account_id: change.accountId,
      target_account_id: change.targetAccountId,
      show_reblogs: change.showReblogs,
      notify: change.notify,
      active: change.active,
      changed_at: change.changedAt,
    })
    .onConflict(["account_id", "target_account_id"])
    .merge(["show_reblogs", "notify", "active", "changed_at"])
    .where(trx.raw("??.?? <= excluded.changed_at", ["follows", "changed_at"]))
    .returning("account_id");
  return rows.length > 0;
}

/** Up to `size` active followers of `targetId` with account ids above `after`, in id order. */
export async function followersPage(db: Database, trx: Transaction, targetId: string, after: string | undefined, size: number): Promise<string[]> {
  const query = db.table("follows", trx).where({ target_account_id: targetId, active: true }).orderBy("account_id").limit(size).select("account_id");
  if (after !== undefined) query.where("account_id", ">", after);
  const rows: { account_id: string }[] = await query;
  return rows.map((r) => String(r.account_id));
}

/** Which of `accountIds` actively follow `targetId`. */
export async function whoFollows(db: Database, trx: Transaction, accountIds: string[], targetId: string): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows: { account_id: string }[] = await db
    .table("follows", trx)
    .where({ target_account_id: targetId, active: true })
    .whereIn("account_id", accountIds)
    .select("account_id");
  return new Set(rows.map((r) => String(r.account_id)));
}

/** Accounts `accountId` actively follows, among `targetIds` when given, else all of them. */
export async function followedBy(db: Database, accountId: string, trx?: Transaction, targetIds?: string[]): Promise<Set<string>> {
  const query = db.table("follows", trx).where({ account_id: accountId, active: true }).select("target_account_id");
  if (targetIds) query.whereIn("target_account_id", targetIds);
  const rows: { target_account_id: string }[] = await query;
  return new Set(rows.map((r) => String(r.target_account_id)));
}

/** Which of `accountIds` follow `targetId` with its reblogs hidden (show_reblogs false). */
export async function hidingReblogsOf(db: Database, trx: Transaction, accountIds: string[], targetId: string): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows: { account_id: string }[] = await db
    .table("follows", trx)
    .where({ target_account_id: targetId, active: true, show_reblogs: false })
    .whereIn("account_id", accountIds)
    .select("account_id");
  return new Set(rows.map((r) => String(r.account_id)));
}

/** Active followers of `targetId` who asked to be notified of its posts (follow `notify`). */
export async function notifiedFollowers(db: Database, trx: Transaction, targetId: string): Promise<string[]> {
  const rows: { account_id: string }[] = await db.table("follows", trx).where({ target_account_id: targetId, active: true, notify: true }).select("account_id");
  return rows.map((r) => String(r.account_id));
}
