import { invalidArgument, notFound, unauthenticated } from "@starling/runtime";
import type { MediaRecord } from "../domain/media-attachment.ts";
import { uploadKey } from "../domain/storage-keys.ts";
import { insertMedia } from "../data/media-queries.ts";
import { inspectUpload } from "../processing/inspect-upload.ts";
import type { Caller, MediaDeps } from "./deps.ts";
import { validateEdits, type EditsInput } from "./media-edits.ts";
import { processMedia } from "./process-media.ts";
import { storeThumbnail, type ReceivedFile } from "./store-thumbnail.ts";

/** An upload as received from the stream. */
export interface UploadInput extends EditsInput {
  /** API v1: answer once processed. v2: answer once stored, processing continues in the worker. */
  waitForProcessing: boolean;
  file: ReceivedFile | undefined;
  thumbnail: ReceivedFile | undefined;
}

/**
 * Stores an upload of the viewer: inspect (refusing before anything is stored), keep the file as
 * received privately, insert the pending row, then process now (v1) or leave it to the worker (v2).
 */
export async function uploadMedia(deps: MediaDeps, caller: Caller, input: UploadInput): Promise<MediaRecord> {
  if (!caller.accountId) throw unauthenticated("This method requires an authenticated user");
  if (!input.file) throw invalidArgument("Validation failed: File can't be blank");
  const edits = validateEdits(input);
  const inspected = await inspectUpload(input.file.path, input.file.size, deps.limits, deps.tools);
  const id = deps.newId();
  const thumbnail = input.thumbnail && (await storeThumbnail(deps, id, input.thumbnail));
  const record: MediaRecord = {
    id,
    accountId: caller.accountId,
    statusId: null,
    type: inspected.type,
    processing: "pending",
    description: edits.description ?? null,
    focus: edits.focus ?? null,
    uploadKey: uploadKey(id),
    uploadContentType: inspected.contentType,
    fileKey: null,
    smallKey: null,
    thumbnailKey: thumbnail?.key ?? null,
    thumbnailBlurhash: thumbnail?.blurhash ?? null,
    thumbnailMeta: thumbnail?.meta ?? null,
    meta: {},
    blurhash: null,
    remoteUrl: null,
    previewRemoteUrl: null,
    createdAt: deps.now(),
  };
  await deps.storage.put(record.uploadKey!, input.file.path);
  try {
    await deps.db.transaction((trx) => insertMedia(deps.db, trx, record));
  } catch (error) {
    await deps.storage.delete([record.uploadKey!, ...(thumbnail ? [thumbnail.key] : [])]);
    throw error;
  }
  if (!input.waitForProcessing) {
    deps.nudgeWorker();
    return record;
  }
  const processed = await processMedia(deps, id);
  if (!processed) throw notFound();
  if (processed.processing === "failed") throw invalidArgument("Validation failed: File could not be processed");
  return processed;
}
