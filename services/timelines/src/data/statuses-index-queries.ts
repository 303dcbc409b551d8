/** The `statuses_index` read model: routing facts of every status, with delete tombstones. */
import type { Database, Transaction } from "@starling/db";
import { withoutRestrictedAuthors } from "./account-restrictions-queries.ts";
import type { StatusRouting } from "../domain/home-delivery.ts";

/** A status as status.created describes it. */
export interface IndexedStatus extends StatusRouting {
  local: boolean;
  createdAt?: Date | undefined;
  mentionedAccountIds: string[];
  /** The root of its thread, when status.created names it. */
  conversationRootId?: string | undefined;
  /** Normalized hashtag names (see status-tags-queries.ts). */
  tags?: string[];
  hasMedia?: boolean;
}

/** What recording a status.created found. */
export type RecordOutcome = "recorded" | "known" | "tombstone";

export interface RoutingRow {
  id: string;
  account_id: string;
  visibility: string;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  reblog_of_id: string | null;
  reblog_of_account_id: string | null;
}

export const ROUTING_COLUMNS = ["id", "account_id", "visibility", "in_reply_to_id", "in_reply_to_account_id", "reblog_of_id", "reblog_of_account_id"];

export const toRouting = (row: RoutingRow): StatusRouting => ({
  id: String(row.id),
  accountId: String(row.account_id),
  visibility: row.visibility,
  inReplyToId: row.in_reply_to_id === null ? undefined : String(row.in_reply_to_id),
  inReplyToAccountId: row.in_reply_to_account_id === null ? undefined : String(row.in_reply_to_account_id),
  reblogOfId: row.reblog_of_id === null ? undefined : String(row.reblog_of_id),
  reblogOfAccountId: row.reblog_of_account_id === null ? undefined : String(row.reblog_of_account_id),
});

/** Inserts a status and its mentions unless its id is known (alive, or deleted before it arrived). */
export async function recordStatus(db: Database, trx: Transaction, status: IndexedStatus): Promise<RecordOutcome> {
  const inserted: unknown[] = await db
    .table("statuses_index", trx)
    .insert({
      id: status.id,
      account_id: status.accountId,
      visibility: status.visibility,
      local: status.local,
      in_reply_to_id: status.inReplyToId ?? null,
      in_reply_to_account_id: status.inReplyToAccountId ?? null,
      created_at: status.createdAt ?? null,
      reblog_of_id: status.reblogOfId ?? null,
      reblog_of_account_id: status.reblogOfAccountId ?? null,
      conversation_root_id: status.conversationRootId ?? null,
    })
    .onConflict("id")
    .ignore()
    .returning("id");
  if (inserted.length === 0) {
    const existing: { deleted: boolean } | undefined = await db.table("statuses_index", trx).where({ id: status.id }).first("deleted");
    return existing?.deleted ? "tombstone" : "known";
  }
  const mentions = [...new Set(status.mentionedAccountIds)].map((accountId) => ({ status_id: status.id, account_id: accountId }));
  if (mentions.length > 0) await db.table("status_mentions", trx).insert(mentions).onConflict(["status_id", "account_id"]).ignore();
  return "recorded";
}

/** Marks a status deleted, leaving a tombstone when its status.created has not arrived yet. */
export async function markStatusDeleted(db: Database, trx: Transaction, id: string, accountId: string): Promise<void> {
  await db
    .table("statuses_index", trx)
    .insert({ id, account_id: accountId, visibility: "", local: false, deleted: true })
    .onConflict("id")
    .merge({ deleted: true });
}

/** The routing facts of a status not deleted, or undefined. */
export async function liveRouting(db: Database, trx: Transaction, id: string): Promise<StatusRouting | undefined> {
  const row: RoutingRow | undefined = await db.table("statuses_index", trx).where({ id, deleted: false }).first(ROUTING_COLUMNS);
  return row && toRouting(row);
}

/** Accounts a status mentions. */
export async function mentionedAccounts(db: Database, trx: Transaction, statusId: string): Promise<string[]> {
  const rows: { account_id: string }[] = await db.table("status_mentions", trx).where({ status_id: statusId }).select("account_id");
  return rows.map((r) => String(r.account_id));
}

/** The author's newest live statuses that followers may see (not direct), newest first. */
export async function latestForFollowers(db: Database, trx: Transaction, authorId: string, limit: number): Promise<StatusRouting[]> {
  const rows: RoutingRow[] = await db
    .table("statuses_index", trx)
    .where({ account_id: authorId, deleted: false })
    .whereNot({ visibility: "direct" })
    .orderBy("id", "desc")
    .limit(limit)
    .select(ROUTING_COLUMNS);
  return rows.map(toRouting);
}

/** Which of `ids` the given author wrote. */
export async function idsByAuthor(db: Database, trx: Transaction, ids: string[], authorId: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows: { id: string }[] = await db.table("statuses_index", trx).where({ account_id: authorId }).whereIn("id", ids).select("id");
  return rows.map((r) => String(r.id));
}

/**
 * Newest live statuses that could be in `accountId`'s home feed: its own, the non-direct ones of
 * accounts it follows (their reblogs only when the follow shows reblogs), and direct ones
 * mentioning it. The reply rule is applied by the caller.
 */
export async function homeCandidates(db: Database, accountId: string, limit: number): Promise<StatusRouting[]> {
  const { schema } = db;
  const rows: RoutingRow[] = await db
    .table("statuses_index as s")
    .where("s.deleted", false)
    // Reblogs only from follows that show them.
    .whereNot((hiddenReblog) =>
      hiddenReblog
        .whereNotNull("s.reblog_of_id")
        .whereIn("s.account_id", db.knex.withSchema(schema).from("follows").where({ account_id: accountId, show_reblogs: false }).select("target_account_id")),
    )
    .where((where) => {
      where
        .where("s.account_id", accountId)
        .orWhere((followed) =>
          followed.whereNot("s.visibility", "direct").whereIn(
            "s.account_id",
            db.knex.withSchema(schema).from("follows").where({ account_id: accountId, active: true }).select("target_account_id"),
          ),
        )
        .orWhere((mentioned) =>
          mentioned.where("s.visibility", "direct").whereExists(
            db.knex.withSchema(schema).from("status_mentions as m").whereRaw("m.status_id = s.id").where("m.account_id", accountId),
          ),
        );
    })
    // A suspended author's statuses stay out of rebuilt feeds, as account.suspended took them out.
    .modify((query) => withoutRestrictedAuthors(db, query, "s.account_id", false))
    .orderBy("s.id", "desc")
    .limit(limit)
    .select(ROUTING_COLUMNS.map((c) => `s.${c}`));
  return rows.map(toRouting);
}

/** Of `ids`, the live reblogs of `originalId`. */
export async function reblogsAmong(db: Database, trx: Transaction, originalId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows: { id: string }[] = await db.table("statuses_index", trx).where({ reblog_of_id: originalId, deleted: false }).whereIn("id", ids).select("id");
  return new Set(rows.map((r) => String(r.id)));
}

/** Accounts with a live reblog of `statusId` (they are told when it is edited). */
export async function rebloggersOf(db: Database, trx: Transaction, statusId: string): Promise<string[]> {
  const rows: { account_id: string }[] = await db.table("statuses_index", trx).where({ reblog_of_id: statusId, deleted: false }).distinct("account_id");
  return rows.map((r) => String(r.account_id));
}

/**
 * What notifications need to know of an indexed status: whether it is deleted (also a tombstone of a
 * delete that came before its creation) and its conversation's root, when known.
 */
export async function notificationFacts(db: Database, trx: Transaction, statusId: string): Promise<{ deleted: boolean; conversationRootId: string | undefined }> {
  const row: { deleted: boolean; conversation_root_id: string | null } | undefined = await db.table("statuses_index", trx).where({ id: statusId }).first("deleted", "conversation_root_id");
  return { deleted: row?.deleted === true, conversationRootId: row?.conversation_root_id ? String(row.conversation_root_id) : undefined };
}
