import type { Database, Transaction } from "@starling/db";

/** Sets or clears an account's suspension time; false when no such account exists. */
export async function setSuspendedAt(db: Database, trx: Transaction, accountId: string, at: Date | null): Promise<boolean> {
  return (await db.table("accounts", trx).where({ id: accountId }).update({ suspended_at: at })) === 1;
}

/** The id of the local account with this username, compared case-insensitively. */
export async function findLocalAccountId(db: Database, username: string): Promise<string | undefined> {
  const row: { id: string } | undefined = await db.table("accounts").whereRaw("lower(username) = lower(?)", [username]).whereNull("domain").first("id");
  return row && String(row.id);
}
