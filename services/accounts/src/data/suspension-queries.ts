import type { Database, Transaction } from "@starling/db";

/**
 * Sets or clears an account's suspension time; false when no such account exists. Lifting a
 * suspension forgets which domain block made it.
 */
export async function setSuspendedAt(db: Database, trx: Transaction, accountId: string, at: Date | null): Promise<boolean> {
  const changes = at ? { suspended_at: at } : { suspended_at: null, suspending_domain_block_id: null };
  return (await db.table("accounts", trx).where({ id: accountId }).update(changes)) === 1;
}

/** Suspends an account on behalf of a domain block; false when it was already suspended (or deleted). */
export async function suspendForDomainBlock(db: Database, trx: Transaction, accountId: string, at: Date, blockId: string): Promise<boolean> {
  return (await db.table("accounts", trx).where({ id: accountId }).whereNull("suspended_at").whereNull("deleted_at").update({ suspended_at: at, suspending_domain_block_id: blockId })) === 1;
}

/** Up to `limit` live accounts this domain block suspended. */
export async function accountsSuspendedByBlock(db: Database, blockId: string, limit: number): Promise<string[]> {
  const rows: { id: string }[] = await db.table("accounts").where({ suspending_domain_block_id: blockId }).whereNull("deleted_at").orderBy("id").limit(limit).select("id");
  return rows.map((row) => String(row.id));
}

/** Up to `limit` live accounts suspended at or before `before`, oldest suspension first. */
export async function suspendedSince(db: Database, before: Date, limit: number): Promise<string[]> {
  const rows: { id: string }[] = await db.table("accounts").where("suspended_at", "<=", before).whereNull("deleted_at").orderBy("suspended_at").limit(limit).select("id");
  return rows.map((row) => String(row.id));
}

/** The id of the local account with this username, compared case-insensitively. */
export async function findLocalAccountId(db: Database, username: string): Promise<string | undefined> {
  const row: { id: string } | undefined = await db.table("accounts").whereRaw("lower(username) = lower(?)", [username]).whereNull("domain").first("id");
  return row && String(row.id);
}
