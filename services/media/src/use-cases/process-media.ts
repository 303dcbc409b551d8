import { enqueueEvents, outboxEvent } from "@starling/events";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { notFound } from "@starling/runtime";
import type { MediaRecord } from "../domain/media-attachment.ts";
import { fileKey } from "../domain/storage-keys.ts";
import { claimPending, findMedia, finishProcessing, releaseLease, type ProcessingOutcome } from "../data/media-queries.ts";
import { processImage } from "../processing/process-image.ts";
import { processAudio, processVideo } from "../processing/process-video.ts";
import type { ProcessedMedia, ProcessOptions } from "../processing/processed-media.ts";
import { ProcessingError } from "../processing/run-tool.ts";
import type { MediaDeps } from "./deps.ts";
import { withWorkDir } from "./work-dir.ts";

/** Attempts before a row that keeps failing for reasons other than its content is marked failed. */
const MAX_ATTEMPTS = 3;

/** How long a claim holds: longer than the slowest run (three ffmpeg/ffprobe calls) could take. */
const leaseMs = (deps: MediaDeps) => deps.tools.timeoutMs * 3 + 60_000;

/**
 * Processes one pending upload: the given one (API v1 waits for it), or the oldest available (the
 * worker). Returns the record as it ends up, or undefined when nothing was pending. When another
 * worker holds the given row, waits for that worker's outcome instead.
 */
export async function processMedia(deps: MediaDeps, id?: string): Promise<MediaRecord | undefined> {
  const claimed = await claimPending(deps.db, deps.now(), leaseMs(deps), id);
  if (!claimed) return id === undefined ? undefined : awaitOutcome(deps, id);
  const { record, attempts } = claimed;
  let outcome: ProcessingOutcome;
  let storedBytes: number | undefined;
  try {
    ({ bytes: storedBytes, ...outcome } = await withWorkDir(deps.workDir, (dir) => produceFiles(deps, record, dir)));
  } catch (error) {
    if (!(error instanceof ProcessingError) && attempts < MAX_ATTEMPTS) {
      // Storage or database trouble: let the worker try again later.
      await releaseLease(deps.db, record.id, new Date(deps.now().getTime() + 30_000 * attempts));
      throw error;
    }
    outcome = { processing: "failed", fileKey: null, smallKey: null, meta: {}, blurhash: null };
  }
  await deps.db.transaction(async (trx) => {
    await finishProcessing(deps.db, trx, record.id, outcome);
    await enqueueEvents(deps.db, trx, [outboxEvent("media", "media.processed", record.id, { mediaId: record.id, accountId: record.accountId, type: record.type, processing: outcome.processing, storedBytes })]);
  });
  deps.nudgeRelay();
  if (record.uploadKey) await deps.storage.delete([record.uploadKey]);
  return (await findMedia(deps.db, [record.id]))[0];
}

// The outcome, and the bytes stored (which the dashboard's media measure sums).
async function produceFiles(deps: MediaDeps, record: MediaRecord, dir: string): Promise<ProcessingOutcome & { bytes: number }> {
  if (!record.uploadKey) throw new ProcessingError("the upload is gone");
  const input = join(dir, "upload");
  await deps.storage.copyToFile(record.uploadKey, input);
  return { processing: "done", ...(await processAndStore(deps, { id: record.id, type: record.type, contentType: record.uploadContentType, input, dir })) };
}

/** The files processing stored for an attachment, and what they occupy. */
export interface StoredFiles {
  fileKey: string;
  smallKey: string | null;
  meta: MediaRecord["meta"];
  blurhash: string | null;
  bytes: number;
}

/**
 * Processes the file at `input` as `type` (sharp for images, ffmpeg for the rest) and stores the
 * result and its preview under the attachment's keys: uploads and cached remote files alike.
 */
export async function processAndStore(deps: MediaDeps, file: { id: string; type: MediaRecord["type"]; contentType: string; input: string; dir: string }): Promise<StoredFiles> {
  const options: ProcessOptions = { workDir: file.dir, stem: file.id, tools: deps.tools };
  const processed = await PROCESSORS[file.type](file.input, file.contentType, options);
  const outputs = [processed.original, processed.small].filter((output) => output !== null);
  const bytes = (await Promise.all(outputs.map(async (output) => (await stat(output.path)).size))).reduce((a, b) => a + b, 0);
  const originalKey = fileKey(file.id, "original", processed.original.extension);
  await deps.storage.put(originalKey, processed.original.path);
  const smallKey = processed.small && fileKey(file.id, "small", processed.small.extension);
  if (processed.small && smallKey) await deps.storage.put(smallKey, processed.small.path);
  return { fileKey: originalKey, smallKey, meta: processed.meta, blurhash: processed.blurhash, bytes };
}

type Processor = (input: string, contentType: string, options: ProcessOptions) => Promise<ProcessedMedia>;

const PROCESSORS: Record<MediaRecord["type"], Processor> = {
  image: processImage,
  gifv: (input, _type, options) => processVideo(input, true, options),
  video: (input, _type, options) => processVideo(input, false, options),
  audio: (input, _type, options) => processAudio(input, options),
  unknown: () => Promise.reject(new ProcessingError("unknown media cannot be processed")),
};

/** Waits (bounded by the lease) for whoever holds the row to finish it. */
async function awaitOutcome(deps: MediaDeps, id: string): Promise<MediaRecord> {
  const deadline = Date.now() + leaseMs(deps);
  for (;;) {
    const [record] = await findMedia(deps.db, [id]);
    if (!record) throw notFound();
    if (record.processing !== "pending" || Date.now() > deadline) return record;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
