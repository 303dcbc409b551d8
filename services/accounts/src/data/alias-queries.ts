import type { Database, Transaction } from "@starling/db";

/** An earlier identity an account declared (Mastodon's AccountAlias, published as alsoKnownAs). */
export interface AliasRecord {
  id: string;
  accountId: string;
  acct: string;
  uri: string;
  createdAt: Date;
}

interface AliasRow {
  id: string;
  account_id: string;
  acct: string;
  uri: string;
  created_at: Date | string;
}

const toAlias = (row: AliasRow): AliasRecord => ({ id: String(row.id), accountId: String(row.account_id), acct: row.acct, uri: row.uri, createdAt: new Date(row.created_at) });

export async function insertAlias(db: Database, trx: Transaction, alias: AliasRecord): Promise<void> {
  await db.table("account_aliases", trx).insert({ id: alias.id, account_id: alias.accountId, acct: alias.acct, uri: alias.uri, created_at: alias.createdAt });
}

/** Removes an alias by its actor URI; false when there was none. */
export async function deleteAlias(db: Database, trx: Transaction, accountId: string, uri: string): Promise<boolean> {
  // returning() rather than the affected-row count, so the caller learns what it deleted.
  const deleted: unknown[] = await db.table("account_aliases", trx).where({ account_id: accountId, uri }).delete().returning("id");
  return deleted.length > 0;
}

/** An account's aliases, oldest first. */
export async function listAliases(db: Database, accountId: string, trx?: Transaction): Promise<AliasRecord[]> {
  const rows: AliasRow[] = await db.table("account_aliases", trx).where({ account_id: accountId }).orderBy("id");
  return rows.map(toAlias);
}

/**
 * Whether `accountId` lists the actor `uri` among its aliases: its account_aliases when local, the
 * alsoKnownAs its actor declares when remote (so a local account can move to a remote one).
 */
export async function hasAlias(db: Database, accountId: string, uri: string, trx?: Transaction): Promise<boolean> {
  if ((await db.table("account_aliases", trx).where({ account_id: accountId, uri }).first("id")) !== undefined) return true;
  const declared = await db.table("accounts", trx).where({ id: accountId }).whereRaw("also_known_as::jsonb @> ?::jsonb", [JSON.stringify([uri])]).first("id");
  return declared !== undefined;
}
