/** The `filters`, `filter_keywords`, `filter_statuses` and `filter_versions` tables. */
import type { Database, Transaction } from "@starling/db";
import type { Filter, FilterAction, FilterFields, FilterKeyword, FilterStatus } from "../domain/filter.ts";

interface FilterRow {
  id: string;
  account_id: string;
  title: string;
  context: string[];
  filter_action: string;
  expires_at: Date | null;
}

const FILTER_COLUMNS = ["id", "account_id", "title", "context", "filter_action", "expires_at"];
const toFields = (row: FilterRow): FilterFields => ({ id: String(row.id), title: row.title, context: row.context, filterAction: row.filter_action as FilterAction, expiresAt: row.expires_at ?? undefined });
type KeywordRow = { id: string; filter_id: string; keyword: string; whole_word: boolean };
type StatusRow = { id: string; filter_id: string; status_id: string };
const toKeyword = (row: KeywordRow): FilterKeyword => ({ id: String(row.id), keyword: row.keyword, wholeWord: row.whole_word });
const toStatus = (row: StatusRow): FilterStatus => ({ id: String(row.id), statusId: String(row.status_id) });

/** Bumps and returns the owner's filter version, holding its row lock until the transaction ends. */
export async function bumpFilterVersion(db: Database, trx: Transaction, accountId: string): Promise<number> {
  const [row] = await db.table("filter_versions", trx).insert({ account_id: accountId, version: 1 }).onConflict("account_id").merge({ version: trx.raw('"filter_versions"."version" + 1') }).returning("version");
  return Number(row.version);
}

/** An account's filters with their keywords and posts, oldest first. */
export async function filtersOf(db: Database, accountId: string, trx?: Transaction): Promise<Filter[]> {
  const rows: FilterRow[] = await db.table("filters", trx).where({ account_id: accountId }).orderBy("id").select(FILTER_COLUMNS);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [keywords, statuses]: [KeywordRow[], StatusRow[]] = await Promise.all([
    db.table("filter_keywords", trx).whereIn("filter_id", ids).orderBy("id").select("id", "filter_id", "keyword", "whole_word"),
    db.table("filter_statuses", trx).whereIn("filter_id", ids).orderBy("id").select("id", "filter_id", "status_id"),
  ]);
  const of = <R extends { filter_id: string }, T>(parts: R[], id: string, map: (row: R) => T) => parts.filter((p) => String(p.filter_id) === String(id)).map(map);
  return rows.map((row) => ({ ...toFields(row), keywords: of(keywords, row.id, toKeyword), statuses: of(statuses, row.id, toStatus) }));
}

/** One filter's own fields, when `accountId` owns it. */
export async function ownedFilter(db: Database, accountId: string, filterId: string, trx?: Transaction): Promise<FilterFields | undefined> {
  const row: FilterRow | undefined = await db.table("filters", trx).where({ id: filterId, account_id: accountId }).first(FILTER_COLUMNS);
  return row && toFields(row);
}

/** Stores a filter's fields, new or changed. */
export async function saveFilter(db: Database, trx: Transaction, accountId: string, filter: FilterFields): Promise<void> {
  const row = { id: filter.id, account_id: accountId, title: filter.title, context: filter.context, filter_action: filter.filterAction, expires_at: filter.expiresAt ?? null };
  await db.table("filters", trx).insert(row).onConflict("id").merge(["title", "context", "filter_action", "expires_at"]);
}

/** Deletes a filter; its keywords and posts go with it. */
export async function deleteFilter(db: Database, trx: Transaction, filterId: string): Promise<void> {
  await db.table("filters", trx).where({ id: filterId }).delete();
}

/** The filter id a keyword or post of `accountId`'s belongs to. */
export async function ownerFilterOf(db: Database, part: "filter_keywords" | "filter_statuses", accountId: string, partId: string, trx?: Transaction): Promise<string | undefined> {
  const row: { filter_id: string } | undefined = await db.table(part, trx).join("filters as f", "f.id", `${part}.filter_id`).where({ [`${part}.id`]: partId, "f.account_id": accountId }).first(`${part}.filter_id`);
  return row ? String(row.filter_id) : undefined;
}

/** Stores a keyword, new or changed. */
export async function saveKeyword(db: Database, trx: Transaction, filterId: string, keyword: FilterKeyword): Promise<void> {
  await db.table("filter_keywords", trx).insert({ id: keyword.id, filter_id: filterId, keyword: keyword.keyword, whole_word: keyword.wholeWord }).onConflict("id").merge(["keyword", "whole_word"]);
}

/** Deletes keywords or posts of a filter by id (others' ids are ignored). */
export async function deleteParts(db: Database, trx: Transaction, part: "filter_keywords" | "filter_statuses", filterId: string, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.table(part, trx).where({ filter_id: filterId }).whereIn("id", ids).delete();
}

/** Stores a filtered post; resolves false when the filter has that status already. */
export async function insertFilterStatus(db: Database, trx: Transaction, filterId: string, status: FilterStatus): Promise<boolean> {
  const inserted = await db.table("filter_statuses", trx).insert({ id: status.id, filter_id: filterId, status_id: status.statusId }).onConflict(["filter_id", "status_id"]).ignore().returning("id");
  return inserted.length > 0;
}
