import type { Database, Transaction } from "@starling/db";
import type { Account } from "../domain/account.ts";
import { findAccountsByIds } from "./accounts-queries.ts";

/** The account `username@domain` (domain null: local), compared case-insensitively. */
export async function findByUsernameAndDomain(db: Database, username: string, domain: string | null, trx?: Transaction): Promise<Account | undefined> {
  const query = db.table("accounts", trx).whereRaw("lower(username) = lower(?)", [username]);
  if (domain === null) query.whereNull("domain");
  else query.whereRaw("lower(domain) = lower(?)", [domain]);
  const row = await query.first("id");
  return row ? (await findAccountsByIds(db, [String(row.id)], trx))[0] : undefined;
}

/** Local accounts with these usernames (case-insensitively), keyed by the lowered username. */
export async function findLocalByUsernames(db: Database, usernames: readonly string[], trx?: Transaction): Promise<Map<string, Account>> {
  if (usernames.length === 0) return new Map();
  const lowered = [...new Set(usernames.map((u) => u.toLowerCase()))];
  const rows: { id: string }[] = await db.table("accounts", trx).whereNull("domain").whereRaw("lower(username) = any(?)", [lowered]).select("id");
  const accounts = await findAccountsByIds(db, rows.map((r) => String(r.id)), trx);
  return new Map(accounts.map((a) => [a.username.toLowerCase(), a]));
}

/** What {@link searchAccountIds} looks for. */
export interface AccountSearch {
  /** Matched as a prefix of the username and inside the display name. */
  term: string;
  /** Restricts to one domain: null for local accounts, undefined for any. */
  domain?: string | null | undefined;
  /** Only accounts this account follows. */
  followedBy?: string | undefined;
  /** The searching account: accounts it follows rank before the others. */
  viewerId?: string | undefined;
  /** When the viewer's mutes are read: those that ended no longer hide anyone. */
  now: Date;
  limit: number;
  offset: number;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Ids of accounts matching a search, best first: an exact username, then accounts the viewer
 * follows, then more-followed accounts.
 * Suspended accounts never match, nor (as Mastodon's account search) accounts the viewer blocks,
 * mutes or whose domain it blocks, nor those blocking the viewer.
 */
export async function searchAccountIds(db: Database, search: AccountSearch): Promise<string[]> {
  const term = search.term.toLowerCase();
  const query = db
    .table("accounts as a")
    .whereNull("a.suspended_at")
    .where((q) => q.whereRaw("lower(a.username) like ? escape '\\'", [`${likeEscaped(term)}%`]).orWhereRaw("lower(a.display_name) like ? escape '\\'", [`%${likeEscaped(term)}%`]));
  if (search.domain === null) query.whereNull("a.domain");
  else if (search.domain !== undefined) query.whereRaw("lower(a.domain) = lower(?)", [search.domain]);
  if (search.viewerId) excludeHiddenFrom(db, query, search.viewerId, search.now);
  if (search.followedBy) query.whereIn("a.id", db.table("follows").where({ account_id: search.followedBy }).select("target_account_id"));
  const rows: { id: string }[] = await query
    .orderByRaw("(lower(a.username) = ?) desc", [term])
    .orderByRaw("exists (select 1 from ?? f where f.account_id = ? and f.target_account_id = a.id) desc", [`${db.schema}.follows`, search.viewerId ?? null])
    .orderBy("a.followers_count", "desc")
    .orderBy("a.id")
    .limit(search.limit)
    .offset(search.offset)
    .select("a.id");
  return rows.map((r) => String(r.id));
}

/** Drops the accounts of `a` that the viewer blocks, mutes (while the mute lasts) or domain-blocks, or that block the viewer. */
function excludeHiddenFrom(db: Database, query: ReturnType<Database["table"]>, viewerId: string, now: Date): void {
  query
    .whereNotExists(db.table("blocks as b").whereRaw("(b.account_id = ? and b.target_account_id = a.id) or (b.account_id = a.id and b.target_account_id = ?)", [viewerId, viewerId]))
    .whereNotExists(db.table("mutes as m").where("m.account_id", viewerId).whereRaw("m.target_account_id = a.id").where((live) => live.whereNull("m.expires_at").orWhere("m.expires_at", ">", now)))
    .whereNotExists(db.table("account_domain_blocks as d").where("d.account_id", viewerId).whereRaw("d.domain = lower(a.domain)"));
}
