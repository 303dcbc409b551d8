import { join } from "node:path";
import { fileTypeFromFile } from "file-type";
import { invalidArgument, permissionDenied, viewerHas, type Viewer } from "@starling/runtime";
import { EMOJI_IMAGE_BYTES, isEmojiImageType } from "../domain/emoji-image-rules.ts";
import { IMAGE_PIXEL_LIMIT } from "../domain/media-rules.ts";
import { emojiImageKey } from "../domain/storage-keys.ts";
import { inspectProfileImage } from "../processing/inspect-upload.ts";
import { renderStill } from "../processing/render-still.ts";
import { ProcessingError } from "../processing/run-tool.ts";
import type { MediaDeps } from "./deps.ts";
import type { ReceivedFile } from "./store-thumbnail.ts";
import { withWorkDir } from "./work-dir.ts";

/** Storage keys of a stored emoji image. */
export interface StoredEmojiImage {
  key: string;
  staticKey: string;
}

const INVALID_TYPE = "Validation failed: Image content type is invalid";

/**
 * Stores a custom emoji image for an Owner or Admin: PNG or GIF by content, at most 256 KB and
 * decodable whole (refused before anything is stored), kept byte for byte as uploaded — an animated
 * GIF stays animated — beside a still PNG of its first frame, which Mastodon always offers as
 * `static_url`. No row is written: the statuses service's emoji registry keeps the URLs.
 */
export async function storeEmojiImage(deps: MediaDeps, viewer: Viewer | undefined, file: ReceivedFile | undefined): Promise<StoredEmojiImage> {
  if (!viewerHas(viewer, "manage_custom_emojis")) throw permissionDenied();
  if (!file || file.size === 0) throw invalidArgument("Validation failed: Image can't be blank");
  const detected = await fileTypeFromFile(file.path);
  if (!detected || !isEmojiImageType(detected.mime)) throw invalidArgument(INVALID_TYPE);
  // Size, a whole decode and the pixel limits, as for any image the service takes in.
  await inspectProfileImage(file.path, file.size, EMOJI_IMAGE_BYTES, "Image");
  const version = deps.newId();
  const key = emojiImageKey(version, "original", detected.ext);
  const staticKey = emojiImageKey(version, "static", "png");
  await withWorkDir(deps.workDir, async (dir) => {
    const still = join(dir, `${version}-static.png`);
    await renderStill(file.path, still, IMAGE_PIXEL_LIMIT, "png").catch((error: unknown) => {
      if (error instanceof ProcessingError) throw invalidArgument("Validation failed: Image could not be processed");
      throw error;
    });
    await deps.storage.put(staticKey, still);
  });
  await deps.storage.put(key, file.path).catch(async (error: unknown) => {
    await deps.storage.delete([staticKey]);
    throw error;
  });
  return { key, staticKey };
}
