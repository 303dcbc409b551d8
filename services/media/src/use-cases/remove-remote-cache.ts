import { enqueueEvents, outboxEvent } from "@starling/events";
import { invalidArgument, permissionDenied, viewerHas, type Viewer } from "@starling/runtime";
import { storedKeys } from "../domain/media-attachment.ts";
import { uncacheRows, type UncacheScope } from "../data/remote-cache-queries.ts";
import type { MediaDeps } from "./deps.ts";

/** Rows handled per transaction, so a large cleanup never holds many locks at once. */
const BATCH = 100;

/** What a cleanup freed. */
export interface FreedCache {
  files: number;
  bytes: number;
}

/**
 * `tootctl media remove`: drops the cached copies of remote attachments created more than `days`
 * days ago (0: all of them), for staff who manage federation (the cache holds remote servers' files). Each row keeps its remote URL, meta and blurhash and shows the
 * remote file again (a new registration of its post caches it again); media.processed tells the
 * holders of copies of the attachment.
 */
export async function removeRemoteCache(deps: MediaDeps, viewer: Viewer | undefined, days: number | undefined): Promise<FreedCache> {
  if (!viewerHas(viewer, "manage_federation")) throw permissionDenied("Removing cached remote media needs the manage_federation permission");
  if (days === undefined || !Number.isInteger(days) || days < 0) throw invalidArgument("days must be given, a whole number of at least 0");
  const cutoff = new Date(deps.now().getTime() - days * 24 * 3600_000);
  if (Number.isNaN(cutoff.getTime())) throw invalidArgument("days reaches back before any date");
  return dropCachedCopies(deps, { cachedBefore: cutoff });
}

/**
 * Drops a server's cached files at once when staff reject its media (a domain block with
 * reject_media, created or changed), as Mastodon clears a server's media on such a block: its
 * attachments show the remote file again and are not downloaded while the block stands (the
 * federation service registers them with skip_cache).
 */
export function dropDomainCache(deps: MediaDeps, domain: string): Promise<FreedCache> {
  return dropCachedCopies(deps, { domain: domain.toLowerCase() });
}

// In batches: the rows change (and media.processed tells the holders of copies) before their files
// go, so no attachment ever points at a deleted file.
async function dropCachedCopies(deps: MediaDeps, scope: UncacheScope): Promise<FreedCache> {
  const freed: FreedCache = { files: 0, bytes: 0 };
  for (;;) {
    const rows = await deps.db.transaction(async (trx) => {
      const uncached = await uncacheRows(deps.db, trx, scope, BATCH);
      const events = uncached.map((r) => outboxEvent("media", "media.processed", r.id, { mediaId: r.id, accountId: r.accountId, type: r.type, processing: r.processing }));
      if (events.length) await enqueueEvents(deps.db, trx, events);
      return uncached;
    });
    if (rows.length === 0) break;
    deps.nudgeRelay();
    const keys = rows.flatMap(storedKeys);
    await deps.storage.delete(keys);
    freed.files += keys.length;
    freed.bytes += rows.reduce((sum, row) => sum + row.cachedBytes, 0);
  }
  return freed;
}
