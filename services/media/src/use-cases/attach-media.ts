import type { Transaction } from "@starling/db";
import { failedPrecondition, invalidArgument } from "@starling/runtime";
import type { MediaRecord } from "../domain/media-attachment.ts";
import { ATTACHMENTS_PER_STATUS, mixesAudioOrVideo } from "../domain/media-rules.ts";
import { findMedia, setReservedUntil, setStatus } from "../data/media-queries.ts";
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
    const owned = await lockOwnUploads(deps, trx, ids, input.accountId, input.statusId);
    if (owned.some((r) => r.processing !== "done")) throw failedPrecondition("Cannot attach files that have not finished processing. Try again in a moment!");
    if (mixesAudioOrVideo(owned.map((r) => r.type))) throw invalidArgument("Validation failed: You cannot attach a video or audio file together with other files");
    await setStatus(deps.db, trx, ids, input.statusId);
    return owned.map((r) => ({ ...r, statusId: input.statusId }));
  });
}

/** ReserveMedia as the statuses service sends it for a scheduled status. */
export interface ReserveInput {
  accountId: string;
  mediaIds: string[];
  until: Date;
}

/**
 * Keeps uploads of a scheduled status from the orphan cleanup until `until`, all or none: each
 * must be the account's and not attached to a status yet.
 */
export async function reserveMedia(deps: MediaDeps, input: ReserveInput): Promise<void> {
  const ids = [...new Set(input.mediaIds)];
  if (!input.accountId) throw invalidArgument("account_id is required");
  if (ids.length > ATTACHMENTS_PER_STATUS) throw invalidArgument(`Validation failed: You can attach at most ${ATTACHMENTS_PER_STATUS} files to a post`);
  if (ids.length === 0) return;
  await deps.db.transaction(async (trx) => {
    await lockOwnUploads(deps, trx, ids, input.accountId, null);
    await setReservedUntil(deps.db, trx, ids, input.until);
  });
}

/** The uploads `ids`, locked, when every one is `accountId`'s and unattached or on `statusId`; else 422. */
async function lockOwnUploads(deps: MediaDeps, trx: Transaction, ids: string[], accountId: string, statusId: string | null): Promise<MediaRecord[]> {
  const found = new Map((await findMedia(deps.db, ids, { trx, forUpdate: true })).map((r) => [r.id, r]));
  const records = ids.map((id) => found.get(id));
  if (records.some((r) => !r || r.accountId !== accountId || (r.statusId !== null && r.statusId !== statusId))) {
    throw invalidArgument("Validation failed: Media attachments must be your own uploads, not attached to another post");
  }
  return records as MediaRecord[];
}
