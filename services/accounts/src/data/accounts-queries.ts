import type { Database, Transaction } from "@starling/db";
import type { Account } from "../domain/account.ts";
import { profileFromRow, profileToRow, type ProfileColumns } from "./profile-columns.ts";

interface AccountRow {
  id: string;
  username: string;
  domain: string | null;
  display_name: string;
  note: string;
  uri: string;
  url: string | null;
  locked: boolean;
  bot: boolean;
  discoverable: boolean | null;
  indexable: boolean;
  actor_type: string;
  created_at: Date;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: Date | null;
  suspended_at: Date | null;
  silenced_at: Date | null;
  sensitized_at: Date | null;
}

/** Columns added by migration 0007, read with every account. */
type ProfileRow = Partial<ProfileColumns>;

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function toAccount(row: AccountRow): Account {
  return {
    id: String(row.id),
    username: row.username,
    domain: row.domain,
    displayName: row.display_name,
    note: row.note,
    uri: row.uri,
    url: row.url,
    locked: row.locked,
    bot: row.bot,
    discoverable: row.discoverable,
    indexable: row.indexable ?? false,
    actorType: row.actor_type,
    createdAt: new Date(row.created_at),
    followersCount: Number(row.followers_count),
    followingCount: Number(row.following_count),
    statusesCount: Number(row.statuses_count),
    lastStatusAt: date(row.last_status_at),
    suspendedAt: date(row.suspended_at),
    silencedAt: date(row.silenced_at),
    sensitizedAt: date(row.sensitized_at),
    ...profileFromRow(row as AccountRow & ProfileRow),
  };
}

/** The whole row of an account, as written when it is created. */
export function toRow(account: Account): AccountRow {
  return {
    id: account.id,
    username: account.username,
    domain: account.domain,
    display_name: account.displayName,
    note: account.note,
    uri: account.uri,
    url: account.url,
    locked: account.locked,
    bot: account.bot,
    discoverable: account.discoverable,
    indexable: account.indexable,
    actor_type: account.actorType,
    created_at: account.createdAt,
    followers_count: account.followersCount,
    following_count: account.followingCount,
    statuses_count: account.statusesCount,
    last_status_at: account.lastStatusAt,
    suspended_at: account.suspendedAt,
    silenced_at: account.silencedAt,
    sensitized_at: account.sensitizedAt,
    ...profileToRow(account),
  };
}

export async function insertAccount(db: Database, trx: Transaction, account: Account): Promise<void> {
  await db.table("accounts", trx).insert(toRow(account));
}

/** Accounts with these ids, in no particular order. */
export async function findAccountsByIds(db: Database, ids: readonly string[], trx?: Transaction): Promise<Account[]> {
  const numeric = ids.filter((id) => /^\d{1,19}$/.test(id));
  if (numeric.length === 0) return [];
  const rows: AccountRow[] = await db.table("accounts", trx).whereIn("id", numeric);
  return rows.map(toAccount);
}

export async function findAccount(db: Database, id: string, trx?: Transaction): Promise<Account | undefined> {
  return (await findAccountsByIds(db, [id], trx))[0];
}

/** Whether a local account has this username, compared case-insensitively. */
export async function localUsernameTaken(db: Database, username: string, trx?: Transaction): Promise<boolean> {
  const row = await db.table("accounts", trx).whereRaw("lower(username) = lower(?)", [username]).whereNull("domain").first("id");
  return row !== undefined;
}

/** Adds `followers` and `following` (±1) to an account's counters, never below zero. */
export async function adjustFollowCounters(db: Database, trx: Transaction, id: string, delta: { followers?: number; following?: number }): Promise<void> {
  const update: Record<string, unknown> = {};
  if (delta.followers) update.followers_count = db.knex.raw("greatest(followers_count + ?, 0)", [delta.followers]);
  if (delta.following) update.following_count = db.knex.raw("greatest(following_count + ?, 0)", [delta.following]);
  if (Object.keys(update).length > 0) await db.table("accounts", trx).where({ id }).update(update);
}

/** Counts a new status: statuses_count + 1 and last_status_at moved forward to `day`. */
export async function countStatusCreated(db: Database, trx: Transaction, id: string, day: Date): Promise<void> {
  await db
    .table("accounts", trx)
    .where({ id })
    .update({
      statuses_count: db.knex.raw("statuses_count + 1"),
      last_status_at: db.knex.raw("greatest(coalesce(last_status_at, ?), ?)", [day, day]),
    });
}

/** Counts a deleted status: statuses_count - 1, never below zero. */
export async function countStatusDeleted(db: Database, trx: Transaction, id: string): Promise<void> {
  await db
    .table("accounts", trx)
    .where({ id })
    .update({ statuses_count: db.knex.raw("greatest(statuses_count - 1, 0)") });
}
