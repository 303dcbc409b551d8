import { join } from "node:path";
import { IMAGE_STORED_PIXELS, PREVIEW_PIXELS } from "../domain/media-rules.ts";
import type { ProcessedMedia, ProcessedThumbnail, ProcessOptions } from "./processed-media.ts";
import { blurhashOf, extensionOf, renderStill, stillFormatFor } from "./render-still.ts";

/** An image upload: the stored original (≤ 1920x1080 pixels), the small preview (≤ 640x360) and the blurhash. */
export async function processImage(input: string, contentType: string, options: ProcessOptions): Promise<ProcessedMedia> {
  const format = stillFormatFor(contentType);
  const extension = extensionOf(format);
  const original = { path: join(options.workDir, `${options.stem}-original.${extension}`), extension };
  const small = { path: join(options.workDir, `${options.stem}-small.${extension}`), extension };
  const originalMeta = await renderStill(input, original.path, IMAGE_STORED_PIXELS, format);
  const smallMeta = await renderStill(original.path, small.path, PREVIEW_PIXELS, format);
  return { original, small, meta: { original: originalMeta, small: smallMeta }, blurhash: await blurhashOf(small.path) };
}

/** A supplied thumbnail: a preview-sized still (≤ 640x360 pixels) and its blurhash. */
export async function processThumbnail(input: string, contentType: string, options: ProcessOptions): Promise<ProcessedThumbnail> {
  const format = stillFormatFor(contentType);
  const file = { path: join(options.workDir, `${options.stem}-thumbnail.${extensionOf(format)}`), extension: extensionOf(format) };
  const meta = await renderStill(input, file.path, PREVIEW_PIXELS, format);
  return { file, meta, blurhash: await blurhashOf(file.path) };
}
