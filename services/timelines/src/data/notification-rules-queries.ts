/**
 * The read models deciding who may be notified: remote accounts' domains (account.created), the
 * domains each account blocks (domain_block.*), conversation mutes (conversation.*), and blocks and
 * mutes (blocks-and-mutes-queries.ts).
 */
import type { Database, Transaction } from "@starling/db";
import { inForce } from "./blocks-and-mutes-queries.ts";

/** Records the domain of a remote account (account.created with a domain); repeats change nothing. */
export async function recordRemoteAccount(db: Database, trx: Transaction, accountId: string, domain: string): Promise<void> {
  await db.table("remote_accounts", trx).insert({ account_id: accountId, domain: domain.toLowerCase() }).onConflict("account_id").ignore();
}

/** One domain_block.* event's effect. */
export interface DomainBlockChange {
  accountId: string;
  domain: string;
  active: boolean;
  changedAt: Date;
}

/** Upserts a domain block unless a later change is stored (events may arrive out of order). */
export async function applyDomainBlockChange(db: Database, trx: Transaction, change: DomainBlockChange): Promise<void> {
  await db
    .table("domain_blocks", trx)
    .insert({ account_id: change.accountId, domain: change.domain.toLowerCase(), active: change.active, changed_at: change.changedAt })
    .onConflict(["account_id", "domain"])
    .merge(["active", "changed_at"])
    .where(trx.raw("??.?? <= excluded.changed_at", ["domain_blocks", "changed_at"]));
}

/** The local accounts among `accountIds`: those not known as remote. Only local users read notifications. */
export async function localAmong(db: Database, trx: Transaction, accountIds: readonly string[]): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const remote: { account_id: string }[] = await db.table("remote_accounts", trx).whereIn("account_id", accountIds).select("account_id");
  const remoteIds = new Set(remote.map((r) => String(r.account_id)));
  return accountIds.filter((id) => !remoteIds.has(id));
}

/**
 * The recipients among `recipientIds` who refuse notifications from `fromAccountId`: they block it,
 * mute it with notifications hidden, or block its domain (Mastodon's NotifyService#blocked?).
 */
export async function recipientsRefusing(db: Database, trx: Transaction, recipientIds: readonly string[], fromAccountId: string): Promise<Set<string>> {
  if (recipientIds.length === 0) return new Set();
  const hiding: { account_id: string }[] = await inForce(
    db.table("blocks_and_mutes as h", trx).whereIn("h.account_id", recipientIds).where({ "h.target_account_id": fromAccountId, "h.hide_notifications": true }),
  ).select("h.account_id");
  const domainBlocking: { account_id: string }[] = await db
    .table("domain_blocks as d", trx)
    .join("remote_accounts as r", "r.domain", "d.domain")
    .where({ "r.account_id": fromAccountId, "d.active": true })
    .whereIn("d.account_id", recipientIds)
    .select("d.account_id");
  return new Set([...hiding, ...domainBlocking].map((r) => String(r.account_id)));
}

/** One conversation.* event's effect. */
export interface ConversationMuteChange {
  accountId: string;
  rootStatusId: string;
  active: boolean;
  changedAt: Date;
}

/** Upserts a conversation mute unless a later change is stored (events may arrive out of order). */
export async function applyConversationMuteChange(db: Database, trx: Transaction, change: ConversationMuteChange): Promise<void> {
  await db
    .table("conversation_mutes", trx)
    .insert({ account_id: change.accountId, root_status_id: change.rootStatusId, active: change.active, changed_at: change.changedAt })
    .onConflict(["account_id", "root_status_id"])
    .merge(["active", "changed_at"])
    .where(trx.raw("??.?? <= excluded.changed_at", ["conversation_mutes", "changed_at"]));
}

/** The recipients among `recipientIds` who muted the conversation rooted at `rootStatusId`. */
export async function recipientsMutingConversation(db: Database, trx: Transaction, recipientIds: readonly string[], rootStatusId: string): Promise<Set<string>> {
  if (recipientIds.length === 0) return new Set();
  const rows: { account_id: string }[] = await db.table("conversation_mutes", trx).where({ root_status_id: rootStatusId, active: true }).whereIn("account_id", recipientIds).select("account_id");
  return new Set(rows.map((r) => String(r.account_id)));
}
