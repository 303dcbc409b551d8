import type { Database, Transaction } from "@starling/db";
import type { Account } from "../domain/account.ts";
import { findAccountsByIds, toRow } from "./accounts-queries.ts";

/** Accounts (local and remote) with these actor URIs, in no particular order. */
export async function findAccountsByUris(db: Database, uris: readonly string[], trx?: Transaction): Promise<Account[]> {
  if (uris.length === 0) return [];
  const rows: { id: string }[] = await db.table("accounts", trx).whereIn("uri", uris).select("id");
  return findAccountsByIds(db, rows.map((row) => String(row.id)), trx);
}

/**
 * Serializes, until `trx` ends, every upsert of the actor at `uri` or named `username`@`domain`
 * (compared as the unique index compares them): racing first reads would otherwise each insert a
 * copy, or two copies of one URI under a renamed username. Both locks are always taken in this
 * order, so two upserts cannot each hold the one the other waits for.
 */
export async function lockRemoteActor(db: Database, trx: Transaction, uri: string, username: string, domain: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext(?), hashtext(?))", [`${db.schema}.accounts.uri`, uri]);
  await trx.raw("select pg_advisory_xact_lock(hashtext(?), hashtext(lower(?) || '@' || lower(?)))", [`${db.schema}.accounts.acct`, username, domain]);
}

/**
 * Rewrites a remote copy from a fresh read of its actor: the profile, the advertised counters and
 * the identity (URI, username, domain). Moderation state and last_status_at are not touched.
 * False, changing nothing, when the copy became a tombstone since it was read.
 */
export async function refreshRemoteAccount(db: Database, trx: Transaction, account: Account): Promise<boolean> {
  const changed = await db
    .table("accounts", trx)
    .where({ id: account.id })
    .whereNull("deleted_at")
    .update(refreshedColumns(account));
  return changed === 1;
}

/**
 * Records that a remote account moved to `targetId`; false, changing nothing, when that was
 * already recorded.
 */
export async function recordRemoteMove(db: Database, trx: Transaction, accountId: string, targetId: string, at: Date): Promise<boolean> {
  const changed: unknown[] = await db
    .table("accounts", trx)
    .where({ id: accountId })
    .where((w) => w.whereNull("moved_to_account_id").orWhereNot("moved_to_account_id", targetId))
    .update({ moved_to_account_id: targetId, moved_at: at })
    .returning("id");
  return changed.length > 0;
}

/** Local accounts that follow `targetId`. */
export async function localFollowerIds(db: Database, targetId: string): Promise<string[]> {
  const rows: { account_id: string }[] = await db
    .table("follows as f")
    .join("accounts as follower", "follower.id", "f.account_id")
    .where("f.target_account_id", targetId)
    .whereNull("follower.domain")
    .orderBy("f.id")
    .select("f.account_id");
  return rows.map((row) => String(row.account_id));
}

/** One follower on another server, with the id of the follow (the page cursor). */
export interface RemoteFollower {
  followId: string;
  accountId: string;
}

/**
 * Up to `limit` remote followers of `targetId` in follow order, after the follow `after` ("" for
 * the first page). Suspended followers are left out: nothing is delivered to them.
 */
export async function remoteFollowersPage(db: Database, targetId: string, after: string | undefined, limit: number): Promise<RemoteFollower[]> {
  const query = db
    .table("follows as f")
    .join("accounts as follower", "follower.id", "f.account_id")
    .where("f.target_account_id", targetId)
    .whereNotNull("follower.domain")
    .whereNull("follower.suspended_at");
  if (after !== undefined) query.where("f.id", ">", after);
  const rows: { id: string; account_id: string }[] = await query.orderBy("f.id").limit(limit).select("f.id", "f.account_id");
  return rows.map((row) => ({ followId: String(row.id), accountId: String(row.account_id) }));
}

/** The row without what a refresh keeps: the id, moderation state and last_status_at. */
function refreshedColumns(account: Account) {
  const { id: _id, last_status_at: _lastStatusAt, suspended_at: _suspendedAt, silenced_at: _silencedAt, sensitized_at: _sensitizedAt, ...columns } = toRow(account);
  return columns;
}

/** Narrows a query of accounts to those on a domain or any subdomain of it, a port or not. */
function onDomain(q: ReturnType<Database["table"]>, domain: string): void {
  const name = domain.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  q.whereNotNull("domain").where((w) => {
    w.whereRaw("lower(domain) = ?", [domain.toLowerCase()]);
    // A block on a name without a port covers every port of it; one with a port, that port only.
    if (!domain.includes(":")) w.orWhereRaw("lower(domain) like ?", [`${name}:%`]);
    w.orWhereRaw("lower(domain) like ?", [`%.${name}`]).orWhereRaw("lower(domain) like ?", [`%.${name}:%`]);
  });
}

/** Remote accounts neither deleted nor suspended on a domain or any subdomain of it, a port or not, at most `limit`. */
export async function unsuspendedAccountsOfDomain(db: Database, domain: string, limit: number): Promise<Account[]> {
  const query = db.table("accounts").whereNull("deleted_at").whereNull("suspended_at");
  onDomain(query, domain);
  const rows: { id: string }[] = await query.orderBy("id").limit(limit).select("id");
  return findAccountsByIds(db, rows.map((r) => String(r.id)));
}

/**
 * Takes the avatar and header away from up to `limit` remote accounts of a domain (and its
 * subdomains) that still show one, as Mastodon clears a server's profile images when staff reject
 * its media. Answers the ids changed.
 */
export async function clearProfileImagesOfDomain(db: Database, trx: Transaction, domain: string, limit: number): Promise<string[]> {
  const query = db.table("accounts", trx).where((q) => q.whereNotNull("avatar_url").orWhereNotNull("header_url"));
  onDomain(query, domain);
  const rows: { id: string }[] = await query.orderBy("id").limit(limit).forUpdate().skipLocked().select("id");
  const ids = rows.map((r) => String(r.id));
  if (ids.length > 0) await db.table("accounts", trx).whereIn("id", ids).update({ avatar_url: null, avatar_static_url: null, header_url: null, header_static_url: null });
  return ids;
}
