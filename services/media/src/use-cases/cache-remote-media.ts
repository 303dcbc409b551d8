import { join } from "node:path";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { publicFetch, PublicFetchError, ServiceError, type PublicFetchFailure } from "@starling/runtime";
import type { MediaRecord } from "../domain/media-attachment.ts";
import { storedKeys } from "../domain/media-attachment.ts";
import { formatLimit } from "../domain/media-rules.ts";
import { findMedia } from "../data/media-queries.ts";
import { claimUncached, failCaching, finishCaching, postponeCaching } from "../data/remote-cache-queries.ts";
import { inspectUpload } from "../processing/inspect-upload.ts";
import { ProcessingError } from "../processing/run-tool.ts";
import type { MediaDeps } from "./deps.ts";
import { processAndStore, type StoredFiles } from "./process-media.ts";
import { withWorkDir } from "./work-dir.ts";

/** Downloads before a remote file that keeps failing for passing reasons is given up on. */
const MAX_ATTEMPTS = 3;

/** A remote file that will not be cached however often it is tried: it stays a remote link. */
export class RemoteMediaRefused extends Error {}

// Failures of the fetch that trying again will not change.
const PERMANENT: ReadonlySet<PublicFetchFailure> = new Set(["bad_url", "protocol", "private_address", "too_many_redirects"]);

const isPermanent = (error: unknown) =>
  error instanceof RemoteMediaRefused || error instanceof ProcessingError || error instanceof ServiceError || (error instanceof PublicFetchError && PERMANENT.has(error.reason));

/** How long a claim holds: the download plus the slowest processing (three ffmpeg/ffprobe calls). */
const leaseMs = (deps: MediaDeps) => deps.remote.timeoutMs + deps.tools.timeoutMs * 3 + 60_000;

/**
 * Caches one remote attachment waiting for it (the given one, or the oldest free; the processing
 * worker calls this when no upload is pending), as Mastodon does: downloads the original within the
 * remote size caps, refusing private addresses (unless the test override allows them), inspects
 * and processes it as an upload (type by content, thumbnail, blurhash, meta) and stores it. Until
 * then, and for good when it is refused, the attachment shows the remote file. A passing failure
 * (network, timeout, 5xx, storage) is tried again later, up to three downloads. Answers the record
 * as it ends up, with why it was refused if it was (recorded, not thrown), or undefined when
 * nothing waited.
 */
export async function cacheRemoteMedia(deps: MediaDeps, id?: string): Promise<{ record: MediaRecord; refused?: string } | undefined> {
  const claimed = await claimUncached(deps.db, deps.now(), leaseMs(deps), id);
  if (!claimed) return undefined;
  const { record, attempts } = claimed;
  let files: StoredFiles & { type: MediaRecord["type"] };
  try {
    files = await withWorkDir(deps.workDir, (dir) => downloadAndStore(deps, record, dir));
  } catch (error) {
    if (isPermanent(error) || attempts >= MAX_ATTEMPTS) {
      await failCaching(deps.db, record.id);
      if (isPermanent(error)) return { record: (await findMedia(deps.db, [record.id]))[0] ?? record, refused: (error as Error).message };
    } else {
      await postponeCaching(deps.db, record.id, new Date(deps.now().getTime() + 60_000 * 4 ** (attempts - 1)));
    }
    throw error;
  }
  const cached = await deps.db.transaction(async (trx) => {
    if (!(await finishCaching(deps.db, trx, record.id, files))) return false;
    await enqueueEvents(deps.db, trx, [outboxEvent("media", "media.processed", record.id, { mediaId: record.id, accountId: record.accountId, type: files.type, processing: "done", storedBytes: files.bytes })]);
    return true;
  });
  // The row went away or was settled meanwhile: the copy is nobody's.
  if (!cached) await deps.storage.delete(storedKeys({ uploadKey: null, fileKey: files.fileKey, smallKey: files.smallKey, thumbnailKey: null }));
  else deps.nudgeRelay();
  return { record: (await findMedia(deps.db, [record.id]))[0] ?? record };
}

async function downloadAndStore(deps: MediaDeps, record: MediaRecord, dir: string): Promise<StoredFiles & { type: MediaRecord["type"] }> {
  // The declared type picks the cap the download stops at; the content is checked against its own after.
  const limit = record.type === "image" ? deps.remote.imageBytes : deps.remote.videoBytes;
  const input = join(dir, "remote");
  // Straight to disk: a 99 MB video never sits in memory.
  const response = await publicFetch(record.remoteUrl!, {
    toFile: input,
    allowPrivate: deps.remote.allowPrivate,
    timeoutMs: deps.remote.timeoutMs,
    maxBytes: limit,
    headers: { accept: "*/*", "user-agent": "Starling (remote media)" },
  });
  if (response.status >= 500 || response.status === 429) throw new Error(`${record.remoteUrl} answered ${response.status}`);
  if (response.status !== 200) throw new RemoteMediaRefused(`${record.remoteUrl} answered ${response.status}`);
  if (response.truncated) throw new RemoteMediaRefused(`${record.remoteUrl} is larger than ${formatLimit(limit)}`);
  const inspected = await inspectUpload(input, response.size, deps.remote, deps.tools);
  const stored = await processAndStore(deps, { id: record.id, type: inspected.type, contentType: inspected.contentType, input, dir });
  return { ...stored, type: inspected.type };
}
