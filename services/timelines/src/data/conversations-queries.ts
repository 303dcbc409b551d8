/** The `conversations` table: each account's direct conversations (0007-create-conversations.ts). */
import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";

/** One account's view of a conversation. */
export interface ConversationRow {
  id: string;
  accountId: string;
  participantIds: string[];
  lastStatusId: string;
  unread: boolean;
}

interface Row {
  id: string;
  account_id: string;
  participant_ids: string[];
  last_status_id: string;
  unread: boolean;
}

const COLUMNS = ["id", "account_id", "participant_ids", "last_status_id", "unread"];

const toConversation = (row: Row): ConversationRow => ({
  id: String(row.id),
  accountId: String(row.account_id),
  participantIds: row.participant_ids.map(String),
  lastStatusId: String(row.last_status_id),
  unread: row.unread,
});

/** A status joining an account's conversation (Mastodon's AccountConversation.add_status). */
export interface ConversationEntry {
  id: string;
  accountId: string;
  rootStatusId: string;
  participantIds: readonly string[];
  statusId: string;
  unread: boolean;
}

/**
 * Adds the status to the account's conversation of that thread with those participants, making
 * it when new (or when the account had removed it); `unread` is the newest addition's. Adding
 * the same status twice changes nothing more.
 */
export async function addToConversation(db: Database, trx: Transaction, entry: ConversationEntry): Promise<ConversationRow> {
  const table = "conversations";
  const [row] = (await db
    .table(table, trx)
    .insert({
      id: entry.id,
      account_id: entry.accountId,
      root_status_id: entry.rootStatusId,
      participant_ids: entry.participantIds,
      status_ids: [entry.statusId],
      last_status_id: entry.statusId,
      unread: entry.unread,
    })
    .onConflict(["account_id", "root_status_id", "participant_ids"])
    .merge({
      status_ids: trx.raw("case when ??.status_ids @> excluded.status_ids then ??.status_ids else ??.status_ids || excluded.status_ids end", [table, table, table]),
      last_status_id: trx.raw("greatest(??.last_status_id, excluded.last_status_id)", [table]),
      unread: trx.raw("excluded.unread"),
    })
    .returning(COLUMNS)) as Row[];
  return toConversation(row!);
}

/**
 * Takes a deleted status out of every conversation holding it: a conversation left without
 * statuses goes, the others fall back to their newest remaining status. Answers those that remain.
 */
export async function removeFromConversations(db: Database, trx: Transaction, statusId: string): Promise<ConversationRow[]> {
  await db.table("conversations", trx).whereRaw("status_ids = array[?]::bigint[]", [statusId]).delete();
  const rows = (await db
    .table("conversations", trx)
    .whereRaw("status_ids @> array[?]::bigint[]", [statusId])
    .update({
      status_ids: trx.raw("array_remove(status_ids, ?::bigint)", [statusId]),
      last_status_id: trx.raw("(select max(s) from unnest(array_remove(status_ids, ?::bigint)) s)", [statusId]),
    })
    .returning(COLUMNS)) as Row[];
  return rows.map(toConversation);
}

/** One page of the account's conversations, newest last status first (Mastodon pages them by it). */
export async function conversationsPage(db: Database, accountId: string, page: Page): Promise<ConversationRow[]> {
  return ((await readPage<Row>(db.table("conversations").where({ account_id: accountId }).select(COLUMNS), "last_status_id", page)) as Row[]).map(toConversation);
}

/** Marks the account's conversation read; undefined when it has none with that id. */
export async function markConversationRead(db: Database, accountId: string, id: string): Promise<ConversationRow | undefined> {
  const [row] = (await db.table("conversations").where({ id, account_id: accountId }).update({ unread: false }).returning(COLUMNS)) as Row[];
  return row && toConversation(row);
}

/** Deletes the account's conversation; false when it has none with that id. */
export async function deleteConversation(db: Database, accountId: string, id: string): Promise<boolean> {
  return (await db.table("conversations").where({ id, account_id: accountId }).delete()) > 0;
}
