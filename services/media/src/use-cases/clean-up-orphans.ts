import { storedKeys } from "../domain/media-attachment.ts";
import { deleteUnattachedBefore } from "../data/media-queries.ts";
import type { MediaDeps } from "./deps.ts";

const BATCH = 100;

/**
 * Deletes uploads never attached to a status, not reserved by a scheduled status, and older than `maxAgeMs`, rows first (so nothing can
 * attach them meanwhile), then their files. Returns how many went. Mastodon's MediaCleanupScheduler.
 */
export async function cleanUpOrphans(deps: MediaDeps, maxAgeMs: number): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - maxAgeMs);
  let removed = 0;
  for (;;) {
    const batch = await deleteUnattachedBefore(deps.db, cutoff, BATCH, deps.now());
    await deps.storage.delete(batch.flatMap(storedKeys));
    removed += batch.length;
    if (batch.length < BATCH) return removed;
  }
}
