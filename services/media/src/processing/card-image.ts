import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { CARD_IMAGE_BOX } from "../domain/preview-card.ts";
import { blurhashOf, extensionOf, stillFormatFor } from "./render-still.ts";
import { ProcessingError } from "./run-tool.ts";

/** Image types a card thumbnail is made from, as Mastodon accepts them for cards. */
const CARD_IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/** A rendered card thumbnail, in the work folder. */
export interface CardThumbnail {
  path: string;
  extension: string;
  blurhash: string;
}

/**
 * Renders a downloaded card image as its thumbnail: the type decided by content, upright, shrunk
 * (never enlarged) to fit 400x400, the first frame of an animation, no metadata kept; and its blurhash.
 */
export async function renderCardThumbnail(bytes: Buffer, output: (extension: string) => string): Promise<CardThumbnail> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !CARD_IMAGE_TYPES.has(type.mime)) throw new ProcessingError(`a card image cannot be ${type?.mime ?? "of an unknown type"}`);
  const format = stillFormatFor(type.mime);
  const extension = extensionOf(format);
  const path = output(extension);
  try {
    await sharp(bytes, { failOn: "error" }).rotate().resize(CARD_IMAGE_BOX, CARD_IMAGE_BOX, { fit: "inside", withoutEnlargement: true }).toFormat(format).toFile(path);
  } catch (error) {
    throw new ProcessingError(`card image could not be processed: ${(error as Error).message}`);
  }
  return { path, extension, blurhash: await blurhashOf(path) };
}
