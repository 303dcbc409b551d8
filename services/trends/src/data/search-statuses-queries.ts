import type { Database, Transaction } from "@starling/db";
import { pageOrder, type Page } from "@starling/paging";
import type { SearchQuery } from "../domain/search-query.ts";
import { textSearchConfig } from "../domain/text-search-config.ts";

/** A status as the search read model keeps it. */
export interface IndexedStatus {
  id: string;
  accountId: string;
  visibility: string;
  language?: string | undefined;
  /** Spoiler text and text, as plain text. */
  text: string;
  hasMedia: boolean;
  hasPoll: boolean;
  hasLink: boolean;
  isReply: boolean;
  sensitive: boolean;
  createdAt: Date;
  editedAt?: Date | undefined;
}

export type InteractionKind = "favourite" | "reblog" | "mention" | "bookmark";

/**
 * Stores or replaces a status's row, unless it was deleted already or a later edit is stored.
 * `open` is computed here from the author's `indexable`, as the read model knows it now.
 */
export async function upsertIndexedStatus(db: Database, trx: Transaction, status: IndexedStatus): Promise<void> {
  const buried = await db.table("search_status_tombstones", trx).where({ id: status.id }).first();
  if (buried) return;
  const config = textSearchConfig(status.language);
  const open = trx.raw(`? = 'public' and coalesce((select indexable from ??.search_accounts where id = ?), false)`, [status.visibility, db.schema, status.accountId]);
  const row = {
    id: status.id,
    account_id: status.accountId,
    visibility: status.visibility,
    open,
    language: status.language ?? null,
    has_media: status.hasMedia,
    has_poll: status.hasPoll,
    has_link: status.hasLink,
    is_reply: status.isReply,
    sensitive: status.sensitive,
    created_at: status.createdAt,
    edited_at: status.editedAt ?? null,
    document: trx.raw(`to_tsvector(?::regconfig, ?) || to_tsvector('simple', ?)`, [config, status.text, status.text]),
  };
  await db
    .table("search_statuses", trx)
    .insert(row)
    .onConflict("id")
    .merge()
    // An edit older than the stored one changes nothing.
    .whereRaw(`coalesce(??.search_statuses.edited_at, '-infinity') <= coalesce(excluded.edited_at, '-infinity')`, [db.schema]);
}

/** Removes a status and its interactions, and remembers it so a late creation is not stored. */
export async function deleteIndexedStatus(db: Database, trx: Transaction, statusId: string): Promise<void> {
  await db.table("search_status_tombstones", trx).insert({ id: statusId }).onConflict("id").ignore();
  await db.table("search_statuses", trx).where({ id: statusId }).delete();
  await db.table("search_interactions", trx).where({ status_id: statusId }).delete();
}

/** Whether the read model has the status (edits of unknown statuses are read in full). */
export async function hasIndexedStatus(db: Database, trx: Transaction, statusId: string): Promise<boolean> {
  return Boolean(await db.table("search_statuses", trx).where({ id: statusId }).first("id"));
}

export async function addInteractions(db: Database, trx: Transaction, rows: { accountId: string; statusId: string; kind: InteractionKind }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .table("search_interactions", trx)
    .insert(rows.map((r) => ({ account_id: r.accountId, status_id: r.statusId, kind: r.kind })))
    .onConflict(["account_id", "status_id", "kind"])
    .ignore();
}

export async function removeInteraction(db: Database, trx: Transaction, row: { accountId: string; statusId: string; kind: InteractionKind }): Promise<void> {
  await db.table("search_interactions", trx).where({ account_id: row.accountId, status_id: row.statusId, kind: row.kind }).delete();
}

/** After an author's `indexable` changed: their public posts become findable by anyone, or stop. */
export async function setAuthorOpen(db: Database, trx: Transaction, accountId: string, indexable: boolean): Promise<void> {
  await db.table("search_statuses", trx).where({ account_id: accountId }).update({ open: db.knex.raw(`visibility = 'public' and ?`, [indexable]) });
}

/**
 * Which statuses of `s` the viewer may find (their own, those they interacted with, open ones), less
 * those of the authors search_hidden_authors hides from them (blocks both ways, live mutes, domain
 * blocks; migration 0260). `not in` of that uncorrelated set is one hashed lookup per row, planned in
 * a fraction of the time three anti-joins took (planning was most of the query's time in PostgreSQL);
 * the set never holds a null, so `not in` means `not exists` here. Bindings: viewer, viewer, viewer, now.
 */
const SEEN_BY_VIEWER = `(s.account_id = ? or s.open or exists (select 1 from ??.search_interactions i where i.status_id = s.id and i.account_id = ?))
  and s.account_id not in (select ??.search_hidden_authors(?, ?))`;

/** What {@link findStatusIds} looks for, beyond the parsed query. */
export interface StatusSearch {
  query: SearchQuery;
  viewerId: string;
  /** The account `from:` named, resolved. */
  fromAccountId?: string | undefined;
  /** Cursors and size; the offset skips that many of the page's matches (Mastodon's `offset`). */
  page: Page;
  offset: number;
  /** When the viewer's mutes are read: those that ended no longer hide anyone. */
  now: Date;
}

// A tsquery of every word and phrase: each as written and, with language:, also stemmed.
function textQuery(query: SearchQuery): { sql: string; bindings: string[] } {
  const parts = [...query.terms.map((t) => ["plainto_tsquery", t] as const), ...query.phrases.map((p) => ["phraseto_tsquery", p] as const)];
  if (!query.language) return { sql: parts.map(([fn]) => `${fn}('simple', ?)`).join(" && "), bindings: parts.map(([, text]) => text) };
  const config = textSearchConfig(query.language);
  return { sql: parts.map(([fn]) => `(${fn}('simple', ?) || ${fn}(?::regconfig, ?))`).join(" && "), bindings: parts.flatMap(([, text]) => [text, config, text]) };
}

/**
 * Ids of the statuses matching a search that the viewer may see (their own, those they interacted
 * with, bookmarked or were mentioned in, and open ones), newest first; min_id reads the matches
 * just above it. As Mastodon's search, authors the viewer blocks, mutes or domain-blocks, and those
 * blocking the viewer, are left out. Written as SQL text: knex's query builder cost more CPU than
 * the rest of the trends service's part of a search.
 */
export async function findStatusIds(db: Database, search: StatusSearch): Promise<string[]> {
  const { query, page, viewerId } = search;
  if (page.limit === 0) return [];
  const where: string[] = [];
  const bindings: (string | Date)[] = [];
  const and = (sql: string, ...values: (string | Date)[]) => {
    where.push(sql);
    bindings.push(...values);
  };
  if (query.terms.length + query.phrases.length > 0) {
    const text = textQuery(query);
    and(`s.document @@ (${text.sql})`, ...text.bindings);
  }
  and(SEEN_BY_VIEWER, viewerId, db.schema, viewerId, db.schema, viewerId, search.now);
  if (search.fromAccountId) and("s.account_id = ?", search.fromAccountId);
  // has: and is: values are the parser's fixed words, never the query's text.
  for (const has of query.has) and(`s.has_${has}`);
  if (query.is.includes("reply")) and("s.is_reply");
  if (query.is.includes("sensitive")) and("s.sensitive");
  if (query.language) and("s.language = ?", query.language);
  if (query.before) and("s.created_at < ?", query.before);
  if (query.after) and("s.created_at >= ?", query.after);
  const order = pageOrder(page);
  for (const [operator, id] of order.bounds) and(`s.id ${operator} ?`, id);
  const sql = `select s.id from ??.search_statuses s where ${where.join(" and ")} order by s.id ${order.ascending ? "asc" : "desc"} limit ? offset ?`;
  const { rows } = await db.knex.raw<{ rows: { id: string }[] }>(sql, [db.schema, ...bindings, page.limit, search.offset]);
  return order.newestFirst(rows.map((r) => String(r.id)));
}
