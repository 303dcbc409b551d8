import type { Database, Transaction } from "@starling/db";
import type { Status } from "../domain/status.ts";
import { rowFromStatus, statusFromRow, type StatusRow } from "./status-row.ts";
import { cachedStatusRows, statusRowsChanged, viewerMarksChanged } from "./status-page-cache.ts";

/** Stores a new status. */
export async function insertStatus(db: Database, trx: Transaction, status: Status): Promise<void> {
  await db.table("statuses", trx).insert(rowFromStatus(status));
}

/**
 * The statuses with these ids that are not deleted, in no particular order. Outside a transaction
 * they come through the status-page cache; inside one always from the table, which the
 * transaction may have changed.
 */
export async function findLiveStatuses(db: Database, ids: readonly string[], trx?: Transaction): Promise<Status[]> {
  if (ids.length === 0) return [];
  const read = async (wanted: readonly string[]) => {
    const rows: StatusRow[] = await db.table("statuses", trx).whereIn("id", [...wanted]).whereNull("deleted_at");
    return rows.map(statusFromRow);
  };
  return trx ? read(ids) : cachedStatusRows(db, ids, read);
}

/** One status that is not deleted, or undefined. */
export async function findLiveStatus(db: Database, id: string, trx?: Transaction): Promise<Status | undefined> {
  const [status] = await findLiveStatuses(db, [id], trx);
  return status;
}

/** Sets deleted_at on a live status; false when it was already deleted or never existed. */
export async function markStatusDeleted(db: Database, trx: Transaction, id: string, at: Date): Promise<boolean> {
  const changed: { account_id: string }[] = await db.table("statuses", trx).where({ id }).whereNull("deleted_at").update({ deleted_at: at }).returning("account_id");
  await statusRowsChanged(db, trx, [id]);
  // A deleted reblog is no longer its author's `reblogged` mark on the original.
  await viewerMarksChanged(db, trx, changed.map((row) => String(row.account_id)));
  return changed.length === 1;
}

/**
 * Adds `delta` to a live status's replies_count, never below zero; false when the status is gone.
 * The increment happens in SQL so concurrent replies do not lose counts.
 */
export async function adjustRepliesCount(db: Database, trx: Transaction, id: string, delta: 1 | -1): Promise<boolean> {
  const changed = await db
    .table("statuses", trx)
    .where({ id })
    .whereNull("deleted_at")
    .update({ replies_count: db.knex.raw("greatest(replies_count + ?, 0)", [delta]) });
  await statusRowsChanged(db, trx, [id]);
  return changed === 1;
}

/** Local statuses that are not deleted. */
export async function countLocalStatuses(db: Database): Promise<number> {
  const [row] = await db.table("statuses").where({ local: true }).whereNull("deleted_at").count({ n: "*" });
  return Number(row?.n ?? 0);
}

/** The status with this ActivityPub id, deleted or not (a deleted one keeps its id taken), or undefined. */
export async function findStatusByUri(db: Database, uri: string, trx?: Transaction): Promise<Status | undefined> {
  const row: StatusRow | undefined = await db.table("statuses", trx).where({ uri }).first();
  return row && statusFromRow(row);
}

/** The statuses with these ActivityPub ids that are not deleted, in no particular order. */
export async function findLiveStatusesByUri(db: Database, uris: readonly string[]): Promise<Status[]> {
  if (uris.length === 0) return [];
  const rows: StatusRow[] = await db.table("statuses").whereIn("uri", [...uris]).whereNull("deleted_at");
  return rows.map(statusFromRow);
}

/** The ActivityPub ids of the statuses with these ids, deleted ones included (a tombstone keeps its id). */
export async function findStatusUris(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows: { id: string; uri: string }[] = await db.table("statuses").whereIn("id", [...new Set(ids)]).select("id", "uri");
  return new Map(rows.map((row) => [String(row.id), row.uri]));
}

/**
 * Serializes writes of one ActivityPub id until the transaction ends, so two deliveries of the
 * same remote status (a Create racing its Update) cannot both insert it.
 */
export async function lockStatusUri(trx: Transaction, uri: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('statuses.uri'), hashtext(?))", [uri]);
}
