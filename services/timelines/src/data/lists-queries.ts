/** The `lists` and `list_accounts` tables: lists, their members, and the lists fan-out reaches. */
import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";
import type { List, RepliesPolicy } from "../domain/list.ts";

interface ListRow {
  id: string;
  account_id: string;
  title: string;
  replies_policy: string;
}

const LIST_COLUMNS = ["id", "account_id", "title", "replies_policy"];
const toList = (row: ListRow): List => ({ id: String(row.id), accountId: String(row.account_id), title: row.title, repliesPolicy: row.replies_policy as RepliesPolicy });

/** An account's lists, oldest first (Mastodon's order). */
export async function listsOf(db: Database, accountId: string, trx?: Transaction): Promise<List[]> {
  const rows: ListRow[] = await db.table("lists", trx).where({ account_id: accountId }).orderBy("id").select(LIST_COLUMNS);
  return rows.map(toList);
}

/** How many lists an account has. */
export async function countListsOf(db: Database, trx: Transaction, accountId: string): Promise<number> {
  const [row] = await db.table("lists", trx).where({ account_id: accountId }).count({ n: "*" });
  return Number(row?.["n"] ?? 0);
}

/** One list, when `accountId` owns it. */
export async function ownedList(db: Database, accountId: string, listId: string, trx?: Transaction): Promise<List | undefined> {
  const row: ListRow | undefined = await db.table("lists", trx).where({ id: listId, account_id: accountId }).first(LIST_COLUMNS);
  return row && toList(row);
}

/** Stores a new list. */
export async function insertList(db: Database, trx: Transaction, list: List, createdAt: Date): Promise<void> {
  await db.table("lists", trx).insert({ id: list.id, account_id: list.accountId, title: list.title, replies_policy: list.repliesPolicy, created_at: createdAt });
}

/** Writes a list's title and policy. */
export async function updateList(db: Database, list: List): Promise<void> {
  await db.table("lists").where({ id: list.id }).update({ title: list.title, replies_policy: list.repliesPolicy });
}

/** Deletes a list; its members go with it. */
export async function deleteList(db: Database, listId: string): Promise<void> {
  await db.table("lists").where({ id: listId }).delete();
}

/** A page of a list's members, newest account id first, or all of them when `page` is absent. */
export async function listMembers(db: Database, listId: string, page?: Page, trx?: Transaction): Promise<string[]> {
  const query = db.table("list_accounts", trx).where({ list_id: listId }).select("account_id");
  const rows: { account_id: string }[] = page ? await readPage(query, "account_id", page) : await query.orderBy("account_id", "desc");
  return rows.map((r) => String(r.account_id));
}

/** Adds members; resolves the ids that were members already (then nothing is added). */
export async function insertMembers(db: Database, trx: Transaction, listId: string, accountIds: string[]): Promise<string[]> {
  const present: { account_id: string }[] = await db.table("list_accounts", trx).where({ list_id: listId }).whereIn("account_id", accountIds).select("account_id");
  if (present.length > 0) return present.map((r) => String(r.account_id));
  await db.table("list_accounts", trx).insert(accountIds.map((id) => ({ list_id: listId, account_id: id })));
  return [];
}

/** Removes members; resolves the ids that were members. */
export async function deleteMembers(db: Database, trx: Transaction, listId: string, accountIds: string[]): Promise<string[]> {
  const rows: { account_id: string }[] = await db.table("list_accounts", trx).where({ list_id: listId }).whereIn("account_id", accountIds).delete().returning("account_id");
  return rows.map((r) => String(r.account_id));
}

/** The lists that hold `memberId` (only `ownerId`'s when given): where its statuses fan out to. */
export async function listsHolding(db: Database, memberId: string, trx?: Transaction, ownerId?: string): Promise<List[]> {
  const members = (trx ?? db.knex).withSchema(db.schema).from("list_accounts").where({ account_id: memberId }).select("list_id");
  const query = db.table("lists", trx).whereIn("id", members).orderBy("id").select(LIST_COLUMNS);
  if (ownerId !== undefined) query.where({ account_id: ownerId });
  const rows: ListRow[] = await query;
  return rows.map(toList);
}

/** Of `listIds`, the lists that hold `memberId`. */
export async function listsAmongHolding(db: Database, trx: Transaction, listIds: string[], memberId: string): Promise<Set<string>> {
  if (listIds.length === 0) return new Set();
  const rows: { list_id: string }[] = await db.table("list_accounts", trx).where({ account_id: memberId }).whereIn("list_id", listIds).select("list_id");
  return new Set(rows.map((r) => String(r.list_id)));
}
