import type { Database, Transaction } from "@starling/db";

/** An account as search, the directory and suggestions see it. */
export interface KnownAccount {
  id: string;
  username: string;
  /** Absent for local accounts. */
  domain?: string | undefined;
  discoverable: boolean;
  indexable: boolean;
  suspended: boolean;
  silenced: boolean;
  followersCount: number;
  lastStatusAt?: Date | undefined;
  createdAt: Date;
}

/** Stores the account as the accounts service answered; returns whether `indexable` changed. */
export async function upsertKnownAccount(db: Database, trx: Transaction, account: KnownAccount): Promise<boolean> {
  const before = await db.table("search_accounts", trx).where({ id: account.id }).first("indexable");
  await db
    .table("search_accounts", trx)
    .insert({
      id: account.id,
      username: account.username,
      domain: account.domain ?? null,
      discoverable: account.discoverable,
      indexable: account.indexable,
      suspended: account.suspended,
      silenced: account.silenced,
      followers_count: account.followersCount,
      last_status_at: account.lastStatusAt ?? null,
      created_at: account.createdAt,
    })
    .onConflict("id")
    .merge();
  return (before?.indexable ?? false) !== account.indexable;
}

export async function deleteKnownAccount(db: Database, trx: Transaction, accountId: string): Promise<void> {
  await db.table("search_accounts", trx).where({ id: accountId }).delete();
}

/** The directory's filter: discoverable, neither suspended nor silenced. */
const listed = (db: Database) => db.table("search_accounts").where({ discoverable: true, suspended: false, silenced: false });

/** A page of the profile directory: recently active or newest first, optionally local only. */
export async function listDirectoryIds(db: Database, page: { order: "active" | "new"; local: boolean; limit: number; offset: number }): Promise<string[]> {
  const rows = listed(db).select("id");
  if (page.local) rows.whereNull("domain");
  if (page.order === "new") rows.orderBy("created_at", "desc");
  else rows.orderByRaw("last_status_at desc nulls last");
  const found: { id: string }[] = await rows.orderBy("id", "desc").limit(page.limit).offset(page.offset);
  return found.map((r) => String(r.id));
}

/** Local directory accounts, most followed then most recently active first: the global suggestions. */
export async function listPopularLocalIds(db: Database, limit: number): Promise<string[]> {
  const found: { id: string }[] = await listed(db).whereNull("domain").select("id").orderBy("followers_count", "desc").orderByRaw("last_status_at desc nulls last").limit(limit);
  return found.map((r) => String(r.id));
}

/** Of `ids`, those neither suspended nor silenced (suggestions never name a punished account). */
export async function filterUnpunishedIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found: { id: string }[] = await db.table("search_accounts").where({ suspended: false, silenced: false }).whereIn("id", ids).select("id");
  return new Set(found.map((r) => String(r.id)));
}

/** The id of the account `username` on `domain` (null: local), case-insensitively. */
export async function findKnownAccountId(db: Database, username: string, domain: string | null): Promise<string | undefined> {
  const rows = db.table("search_accounts").whereRaw("lower(username) = lower(?)", [username]).where({ suspended: false }).first("id");
  if (domain === null) rows.whereNull("domain");
  else rows.whereRaw("lower(domain) = lower(?)", [domain]);
  const found: { id: string } | undefined = await rows;
  return found && String(found.id);
}
