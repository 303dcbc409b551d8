import { fileTypeFromFile } from "file-type";
import type { FileMeta } from "../domain/media-attachment.ts";
import { thumbnailKey } from "../domain/storage-keys.ts";
import { inspectThumbnail } from "../processing/inspect-upload.ts";
import { processThumbnail } from "../processing/process-image.ts";
import type { MediaDeps } from "./deps.ts";
import { withWorkDir } from "./work-dir.ts";

/** A file part received in full, in the work folder. */
export interface ReceivedFile {
  path: string;
  size: number;
}

/** A stored supplied thumbnail. */
export interface StoredThumbnail {
  key: string;
  meta: FileMeta;
  blurhash: string;
}

/**
 * Checks a supplied thumbnail, renders it at preview size without metadata, and stores it under a
 * fresh name (a replaced thumbnail never reuses a URL that caches hold as immutable).
 */
export async function storeThumbnail(deps: MediaDeps, mediaId: string, file: ReceivedFile): Promise<StoredThumbnail> {
  await inspectThumbnail(file.path, file.size, deps.limits.imageBytes);
  const contentType = (await fileTypeFromFile(file.path))!.mime;
  return withWorkDir(deps.workDir, async (dir) => {
    const rendered = await processThumbnail(file.path, contentType, { workDir: dir, stem: mediaId, tools: deps.tools });
    const key = thumbnailKey(mediaId, deps.newId(), rendered.file.extension);
    await deps.storage.put(key, rendered.file.path);
    return { key, meta: rendered.meta, blurhash: rendered.blurhash };
  });
}
