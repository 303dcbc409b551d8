/** The `filter_copies` table: each account's filters as last published, with their version. */
import type { Database } from "@starling/db";

/** Replaces an account's copy unless the stored one is as new or newer (events may come twice or out of order). */
export async function storeFilterCopy(db: Database, accountId: string, version: number, filters: unknown[]): Promise<void> {
  await db
    .table("filter_copies")
    .insert({ account_id: accountId, version, filters: JSON.stringify(filters) })
    .onConflict("account_id")
    .merge(["version", "filters"])
    .where("filter_copies.version", "<", version);
}

/** The version of an account's copy; undefined when the account never had filters. */
export async function filterCopyVersion(db: Database, accountId: string): Promise<number | undefined> {
  const row: { version: string } | undefined = await db.table("filter_copies").where({ account_id: accountId }).first("version");
  return row ? Number(row.version) : undefined;
}

/** An account's copy. */
export async function filterCopy(db: Database, accountId: string): Promise<{ version: number; filters: unknown[] } | undefined> {
  const row: { version: string; filters: unknown[] } | undefined = await db.table("filter_copies").where({ account_id: accountId }).first("version", "filters");
  return row && { version: Number(row.version), filters: row.filters };
}
