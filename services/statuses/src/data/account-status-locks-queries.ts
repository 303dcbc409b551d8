import type { Database, Transaction } from "@starling/db";
import type { Status } from "../domain/status.ts";
import { statusFromRow, type StatusRow } from "./status-row.ts";

/**
 * Up to `limit` of the account's statuses that are not deleted, oldest first, locked until `trx`
 * ends so a concurrent clean-up of the same account waits rather than deleting them twice.
 */
export async function lockLiveStatusesOf(db: Database, trx: Transaction, accountId: string, limit: number): Promise<Status[]> {
  const rows: StatusRow[] = await db.table("statuses", trx).where({ account_id: accountId }).whereNull("deleted_at").orderBy("id").limit(limit).forUpdate();
  return rows.map(statusFromRow);
}
