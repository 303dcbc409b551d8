import type { Database, Transaction } from "@starling/db";
import type { MediaRecord } from "../domain/media-attachment.ts";
import { toColumns, toRecord, type MediaRow } from "./media-rows.ts";

const TABLE = "media_attachments";

export async function insertMedia(db: Database, trx: Transaction, record: MediaRecord): Promise<void> {
  await db.table(TABLE, trx).insert(toColumns(record));
}

/** Writes every column of the record back (ids and ownership never change). */
export async function saveMedia(db: Database, trx: Transaction, record: MediaRecord): Promise<void> {
  await db.table(TABLE, trx).where({ id: record.id }).update(toColumns(record));
}

/** Records by id, in no particular order; `forUpdate` locks them for the transaction. */
export async function findMedia(db: Database, ids: string[], options: { trx?: Transaction; forUpdate?: boolean } = {}): Promise<MediaRecord[]> {
  const numeric = ids.filter((id) => /^\d{1,19}$/.test(id));
  if (numeric.length === 0) return [];
  const query = db.table(TABLE, options.trx).whereIn("id", numeric);
  const rows: MediaRow[] = await (options.forUpdate ? query.forUpdate() : query);
  return rows.map(toRecord);
}

/**
 * Inserts remote attachments, or updates what the remote server may change (type, description,
 * blurhash, focus, size, preview) of the account's row with the same remote URL, keeping its id.
 * Once a local copy is cached, its type, meta and blurhash come from the file and stay.
 * Answers the rows as stored now, in no particular order.
 */
export async function upsertRemoteMedia(db: Database, trx: Transaction, records: MediaRecord[]): Promise<MediaRecord[]> {
  if (records.length === 0) return [];
  const sent = (column: string) => db.knex.raw("excluded.??", [column]);
  const unlessCached = (column: string) => db.knex.raw(`case when ${TABLE}.remote_cache = 'cached' then ${TABLE}.?? else excluded.?? end`, [column, column]);
  const rows: MediaRow[] = await db
    .table(TABLE, trx)
    .insert(records.map(toColumns))
    .onConflict(["account_id", "remote_url"])
    .merge({
      ...Object.fromEntries(["upload_content_type", "description", "focus_x", "focus_y", "preview_remote_url", "updated_at"].map((c) => [c, sent(c)])),
      ...Object.fromEntries(["type", "meta", "blurhash"].map((c) => [c, unlessCached(c)])),
    })
    .returning("*");
  return rows.map(toRecord);
}

/**
 * Takes a lease on one pending row (the given one, or the oldest whose lease ran out) so no other
 * worker processes it meanwhile; SKIP LOCKED lets concurrent workers pass each other.
 */
export function claimPending(db: Database, now: Date, leaseMs: number, id?: string): Promise<{ record: MediaRecord; attempts: number } | undefined> {
  return claimQueued(db, { processing: "pending" }, now, leaseMs, id);
}

/** Leases one row of a queue of work on attachments (the rows matching `queue`), as {@link claimPending} does. */
export async function claimQueued(db: Database, queue: Record<string, string>, now: Date, leaseMs: number, id?: string): Promise<{ record: MediaRecord; attempts: number } | undefined> {
  return db.transaction(async (trx) => {
    const query = db.table(TABLE, trx).where(queue).andWhere((q) => q.whereNull("lease_until").orWhere("lease_until", "<", now));
    if (id !== undefined) query.andWhere({ id });
    const row: MediaRow | undefined = await query.orderBy("id").forUpdate().skipLocked().first();
    if (!row) return undefined;
    await db.table(TABLE, trx).where({ id: row.id }).update({ lease_until: new Date(now.getTime() + leaseMs), attempts: row.attempts + 1 });
    return { record: toRecord(row), attempts: row.attempts + 1 };
  });
}

/** The outcome of processing: only the columns processing owns, so edits made meanwhile survive. */
export interface ProcessingOutcome {
  processing: "done" | "failed";
  fileKey: string | null;
  smallKey: string | null;
  meta: MediaRecord["meta"];
  blurhash: string | null;
}

/** Records the outcome of processing, drops the upload key and the lease. */
export async function finishProcessing(db: Database, trx: Transaction, id: string, outcome: ProcessingOutcome): Promise<void> {
  await db
    .table(TABLE, trx)
    .where({ id })
    .update({
      processing: outcome.processing,
      file_key: outcome.fileKey,
      small_key: outcome.smallKey,
      meta: JSON.stringify(outcome.meta),
      blurhash: outcome.blurhash,
      upload_key: null,
      lease_until: null,
      updated_at: new Date(),
    });
}

/** Ends a lease early so the row is retried at `retryAt` (after a transient failure). */
export async function releaseLease(db: Database, id: string, retryAt: Date): Promise<void> {
  await db.table(TABLE).where({ id, processing: "pending" }).update({ lease_until: retryAt });
}

/** Marks the rows as attached to the status. */
export async function setStatus(db: Database, trx: Transaction, ids: string[], statusId: string): Promise<void> {
  await db.table(TABLE, trx).whereIn("id", ids).update({ status_id: statusId, updated_at: new Date() });
}

/** Deletes up to `limit` rows never attached and created before `cutoff`, returning them (for their files). */
export async function deleteUnattachedBefore(db: Database, cutoff: Date, limit: number, now: Date): Promise<MediaRecord[]> {
  return db.transaction(async (trx) => {
    const rows: MediaRow[] = await db
      .table(TABLE, trx)
      .whereNull("status_id")
      // Remote attachments hold no files and are not attached by statuses; a later edit may name them again.
      .whereNull("remote_url")
      .andWhere("created_at", "<", cutoff)
      // Uploads a scheduled status holds stay until their reservation ends.
      .andWhere((q) => q.whereNull("reserved_until").orWhere("reserved_until", "<", now))
      .orderBy("created_at")
      .limit(limit)
      .forUpdate()
      .skipLocked();
    if (rows.length === 0) return [];
    await db.table(TABLE, trx).whereIn("id", rows.map((r) => r.id)).whereNull("status_id").delete();
    return rows.map(toRecord);
  });
}

/** Sets the reservation of uploads `ids` (already checked and locked by the caller). */
export async function setReservedUntil(db: Database, trx: Transaction, ids: string[], until: Date): Promise<void> {
  await db.table(TABLE, trx).whereIn("id", ids).update({ reserved_until: until });
}
