import { failedPrecondition, notFound, unauthenticated } from "@starling/runtime";
import type { MediaRecord } from "../domain/media-attachment.ts";
import { findMedia, saveMedia } from "../data/media-queries.ts";
import type { Caller, MediaDeps } from "./deps.ts";
import { validateEdits, type EditsInput } from "./media-edits.ts";
import { storeThumbnail, type ReceivedFile } from "./store-thumbnail.ts";

/** PUT /api/v1/media/:id as received. */
export interface UpdateInput extends EditsInput {
  id: string;
  thumbnail: ReceivedFile | undefined;
}

const ATTACHED = "This media is attached to a status and can no longer be changed";

/**
 * Changes description, focus or thumbnail of the viewer's upload while it is not attached to a
 * status; once attached the status's versions depend on it, so it is refused.
 */
export async function updateMedia(deps: MediaDeps, caller: Caller, input: UpdateInput): Promise<MediaRecord> {
  if (!caller.accountId) throw unauthenticated("This method requires an authenticated user");
  const edits = validateEdits(input);
  const [current] = await findMedia(deps.db, [input.id]);
  if (!current || current.accountId !== caller.accountId) throw notFound();
  if (current.statusId !== null) throw failedPrecondition(ATTACHED);
  const thumbnail = input.thumbnail && (await storeThumbnail(deps, current.id, input.thumbnail));
  let replaced: string | null = null;
  const updated = await deps.db.transaction(async (trx) => {
    // Re-read under a lock: attach and processing may have changed the row since the check above.
    const [locked] = await findMedia(deps.db, [input.id], { trx, forUpdate: true });
    if (!locked) throw notFound();
    if (locked.statusId !== null) throw failedPrecondition(ATTACHED);
    const next: MediaRecord = { ...locked, ...edits };
    if (thumbnail) {
      replaced = locked.thumbnailKey;
      Object.assign(next, { thumbnailKey: thumbnail.key, thumbnailMeta: thumbnail.meta, thumbnailBlurhash: thumbnail.blurhash });
    }
    await saveMedia(deps.db, trx, next);
    return next;
  }).catch(async (error: unknown) => {
    if (thumbnail) await deps.storage.delete([thumbnail.key]);
    throw error;
  });
  if (replaced) await deps.storage.delete([replaced]);
  return updated;
}
