import { failedPrecondition, invalidArgument } from "@starling/runtime";
import type { MediaRecord } from "../domain/media-attachment.ts";
import { ATTACHMENTS_PER_STATUS, mixesAudioOrVideo } from "../domain/media-rules.ts";
import { findMedia, setStatus } from "../data/media-queries.ts";
import type { MediaDeps } from "./deps.ts";

/** AttachMedia as the statuses service sends it. */
export interface AttachInput {
  statusId: string;
  accountId: string;
  mediaIds: string[];
}

/**
 * Attaches uploads to a status, all or none. Each must be the author's, processed, and either
 * unattached or already on this status (an edit keeps media of earlier versions).
 */
export async function attachMedia(deps: MediaDeps, input: AttachInput): Promise<MediaRecord[]> {
  const ids = [...new Set(input.mediaIds)];
  if (!input.statusId || !input.accountId) throw invalidArgument("status_id and account_id are required");
  if (ids.length > ATTACHMENTS_PER_STATUS) throw invalidArgument(`Validation failed: You can attach at most ${ATTACHMENTS_PER_STATUS} files to a post`);
  if (ids.length === 0) return [];
  return deps.db.transaction(async (trx) => {
    const found = new Map((await findMedia(deps.db, ids, { trx, forUpdate: true })).map((r) => [r.id, r]));
    const records = ids.map((id) => found.get(id));
    if (records.some((r) => !r || r.accountId !== input.accountId || (r.statusId !== null && r.statusId !== input.statusId))) {
      throw invalidArgument("Validation failed: Media attachments must be your own uploads, not attached to another post");
    }
    const owned = records as MediaRecord[];
    if (owned.some((r) => r.processing !== "done")) throw failedPrecondition("Cannot attach files that have not finished processing. Try again in a moment!");
    if (mixesAudioOrVideo(owned.map((r) => r.type))) throw invalidArgument("Validation failed: You cannot attach a video or audio file together with other files");
    await setStatus(deps.db, trx, ids, input.statusId);
    return owned.map((r) => ({ ...r, statusId: input.statusId }));
  });
}
