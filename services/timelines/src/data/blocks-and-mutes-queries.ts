/** The `blocks_and_mutes` read model: who hides whom from their home feed, fed by block.* and mute.*. */
import type { Database, Transaction } from "@starling/db";

/** What hides an account: a block or a mute. */
export type HideKind = "block" | "mute";

/** One block or mute event's effect on the read model. */
export interface HideChange {
  accountId: string;
  targetAccountId: string;
  kind: HideKind;
  /** false when the block or mute ended. */
  active: boolean;
  expiresAt: Date | null;
  /** Mutes: whether it hides notifications too (Mastodon's `notifications`, true when absent). */
  hideNotifications?: boolean;
  changedAt: Date;
}

type Query = ReturnType<Database["table"]>;

/** In force: active and, for a timed mute, not yet run out. */
export const inForce = (query: Query, alias = "h"): Query =>
  query.where(`${alias}.active`, true).where((w) => w.whereNull(`${alias}.expires_at`).orWhere(`${alias}.expires_at`, ">", new Date()));

/** Upserts a change unless a later one is stored (events may arrive out of order); resolves whether it applied. */
export async function applyHideChange(db: Database, trx: Transaction, change: HideChange): Promise<boolean> {
  const rows: unknown[] = await db
    .table("blocks_and_mutes", trx)
    .insert({
      account_id: change.accountId,
      target_account_id: change.targetAccountId,
      kind: change.kind,
      active: change.active,
      expires_at: change.expiresAt,
      hide_notifications: change.hideNotifications ?? true,
      changed_at: change.changedAt,
    })
    .onConflict(["account_id", "target_account_id", "kind"])
    .merge(["active", "expires_at", "hide_notifications", "changed_at"])
    .where(trx.raw("??.?? <= excluded.changed_at", ["blocks_and_mutes", "changed_at"]))
    .returning("account_id");
  return rows.length > 0;
}

/**
 * The receivers among `receiverIds` who must not get a status by `authorId` that involves
 * `involvedIds` (its author and mentioned accounts): they block or mute one of them, or the
 * author blocks them. Mastodon's filter_from_home.
 */
export async function receiversHiding(db: Database, trx: Transaction, receiverIds: string[], authorId: string, involvedIds: string[]): Promise<Set<string>> {
  if (receiverIds.length === 0) return new Set();
  const hiding: { account_id: string }[] = await inForce(db.table("blocks_and_mutes as h", trx).whereIn("h.account_id", receiverIds).whereIn("h.target_account_id", involvedIds)).select("h.account_id");
  const blockedByAuthor: { target_account_id: string }[] = await inForce(
    db.table("blocks_and_mutes as h", trx).where({ "h.account_id": authorId, "h.kind": "block" }).whereIn("h.target_account_id", receiverIds),
  ).select("h.target_account_id");
  return new Set([...hiding.map((r) => String(r.account_id)), ...blockedByAuthor.map((r) => String(r.target_account_id))]);
}

/** Accounts whose statuses `receiverId` must not see at home: those it hides and those blocking it. */
export async function hiddenFrom(db: Database, receiverId: string, trx?: Transaction): Promise<{ hidden: Set<string>; blockedBy: Set<string> }> {
  const hidden: { target_account_id: string }[] = await inForce(db.table("blocks_and_mutes as h", trx).where("h.account_id", receiverId)).select("h.target_account_id");
  const blockedBy: { account_id: string }[] = await inForce(db.table("blocks_and_mutes as h", trx).where({ "h.target_account_id": receiverId, "h.kind": "block" })).select("h.account_id");
  return { hidden: new Set(hidden.map((r) => String(r.target_account_id))), blockedBy: new Set(blockedBy.map((r) => String(r.account_id))) };
}

/** Which of `statusIds` mention any of `accountIds`. */
export async function statusesMentioning(db: Database, statusIds: string[], accountIds: string[], trx?: Transaction): Promise<Set<string>> {
  if (statusIds.length === 0 || accountIds.length === 0) return new Set();
  const rows: { status_id: string }[] = await db.table("status_mentions", trx).whereIn("status_id", statusIds).whereIn("account_id", accountIds).distinct("status_id");
  return new Set(rows.map((r) => String(r.status_id)));
}
