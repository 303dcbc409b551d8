// The remote_cache columns (migration 0005): the queue of remote attachments to download, and the
// copies `media remove-remote` drops. Only the caching use cases write them.
import type { Database, Transaction } from "@starling/db";
import type { MediaRecord } from "../domain/media-attachment.ts";
import { claimQueued } from "./media-queries.ts";
import { toRecord, type MediaRow } from "./media-rows.ts";

const TABLE = "media_attachments";
/** The host a remote attachment's URL names, lower-cased. */
const REMOTE_HOST = "lower(substring(remote_url from '^[a-zA-Z]+://([^/:#@]+)'))";

/** Takes a lease on one remote attachment waiting to be cached (the given one, or the oldest free). */
export function claimUncached(db: Database, now: Date, leaseMs: number, id?: string): Promise<{ record: MediaRecord; attempts: number } | undefined> {
  return claimQueued(db, { remote_cache: "pending" }, now, leaseMs, id);
}

/** The local copy made of a remote file: the processed file, its preview and what they are. */
export interface CachedCopy {
  type: MediaRecord["type"];
  fileKey: string;
  smallKey: string | null;
  meta: MediaRecord["meta"];
  blurhash: string | null;
  bytes: number;
}

/** Records a cached copy; false when the row is gone or no longer waiting (its files are then not wanted). */
export async function finishCaching(db: Database, trx: Transaction, id: string, copy: CachedCopy): Promise<boolean> {
  const updated = await db
    .table(TABLE, trx)
    .where({ id, remote_cache: "pending" })
    .update({
      remote_cache: "cached",
      type: copy.type,
      file_key: copy.fileKey,
      small_key: copy.smallKey,
      meta: JSON.stringify(copy.meta),
      blurhash: copy.blurhash,
      cached_bytes: copy.bytes,
      lease_until: null,
      updated_at: new Date(),
    });
  return updated > 0;
}

/** Gives up on caching the row: it keeps showing the remote file. */
export async function failCaching(db: Database, id: string): Promise<void> {
  await db.table(TABLE).where({ id, remote_cache: "pending" }).update({ remote_cache: "failed", lease_until: null, updated_at: new Date() });
}

/** Ends a lease early so the download is tried again at `retryAt`. */
export async function postponeCaching(db: Database, id: string, retryAt: Date): Promise<void> {
  await db.table(TABLE).where({ id, remote_cache: "pending" }).update({ lease_until: retryAt });
}

/** Which rows a cache drop takes: those cached before a time, or every copy (made or coming) of a server's files. */
export type UncacheScope = { cachedBefore: Date } | { domain: string };

/**
 * Drops the local copy of up to `limit` remote attachments in `scope`, as `tootctl media remove`
 * does (created before a cutoff) and as Mastodon clears a server's media on a reject_media block
 * (every file whose remote URL is on the domain or a subdomain; downloads still waiting are
 * called off too): the row, its remote URL, meta and blurhash stay, the files go. Answers the rows
 * as they were (for their keys and sizes).
 */
export async function uncacheRows(db: Database, trx: Transaction, scope: UncacheScope, limit: number): Promise<Array<MediaRecord & { cachedBytes: number }>> {
  const query = db.table(TABLE, trx);
  if ("cachedBefore" in scope) query.where({ remote_cache: "cached" }).andWhere("created_at", "<", scope.cachedBefore).orderBy("created_at");
  else {
    const suffix = `%.${scope.domain.replace(/[\\%_]/g, "\\$&")}`;
    query
      .whereIn("remote_cache", ["cached", "pending"])
      .andWhere((q) => q.whereRaw(`${REMOTE_HOST} = ?`, [scope.domain]).orWhereRaw(`${REMOTE_HOST} like ?`, [suffix]))
      .orderBy("id");
  }
  const rows: Array<MediaRow & { cached_bytes: string | number | null }> = await query.limit(limit).forUpdate().skipLocked();
  if (rows.length === 0) return [];
  await db
    .table(TABLE, trx)
    .whereIn("id", rows.map((r) => r.id))
    .update({ remote_cache: "removed", file_key: null, small_key: null, cached_bytes: null, lease_until: null, updated_at: new Date() });
  return rows.map((row) => ({ ...toRecord(row), cachedBytes: Number(row.cached_bytes ?? 0) }));
}

/**
 * Queues remote attachments for caching when registered (again): new rows, rows stored before
 * caching existed, copies `media remove-remote` dropped and failed downloads, so a post seen again
 * (a refetch, an Update) is cached again, as Mastodon re-downloads an attachment without a file.
 * Rows of types that cannot be processed, and rows cached or waiting, are left as they are.
 */
export async function queueUncached(db: Database, trx: Transaction, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db
    .table(TABLE, trx)
    .whereIn("id", ids)
    .whereNot({ type: "unknown" })
    .andWhere((q) => q.whereNull("remote_cache").orWhereIn("remote_cache", ["removed", "failed"]))
    .update({ remote_cache: "pending", attempts: 0, lease_until: null });
}
