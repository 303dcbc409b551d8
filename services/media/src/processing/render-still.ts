import { encode } from "blurhash";
import sharp from "sharp";
import { dimensionsMeta, type FileMeta } from "../domain/media-attachment.ts";
import { fitPixels } from "../domain/media-rules.ts";
import { ProcessingError } from "./run-tool.ts";

/** Output formats of still images; anything else is written as JPEG. */
export type StillFormat = "jpeg" | "png" | "webp";

/** File extension of a still format. */
export const extensionOf = (format: StillFormat): string => (format === "jpeg" ? "jpg" : format);

/** JPEG stays JPEG, PNG stays PNG, WebP stays WebP; HEIC/AVIF become JPEG and still GIFs PNG. */
export function stillFormatFor(contentType: string): StillFormat {
  if (contentType === "image/png" || contentType === "image/gif") return "png";
  if (contentType === "image/webp") return "webp";
  return "jpeg";
}

/**
 * Writes `input` as `format` to `output`: turned upright by its EXIF orientation, scaled down to at
 * most `pixels`, every metadata block (EXIF, GPS, XMP, ICC comments) dropped — sharp keeps none unless
 * asked. Returns the meta of what it wrote.
 */
export async function renderStill(input: string, output: string, pixels: number, format: StillFormat): Promise<FileMeta> {
  try {
    const upright = await sharp(input, { failOn: "error" }).rotate().toBuffer({ resolveWithObject: true });
    const size = fitPixels(upright.info.width, upright.info.height, pixels);
    const info = await sharp(upright.data).resize(size.width, size.height, { fit: "fill" }).toFormat(format).toFile(output);
    return dimensionsMeta(info.width, info.height);
  } catch (error) {
    throw new ProcessingError(`image could not be processed: ${(error as Error).message}`);
  }
}

/** Blurhash of an image with 4x4 components, as Mastodon computes it, from a small downscaled copy. */
export async function blurhashOf(input: string): Promise<string> {
  const { data, info } = await sharp(input).rotate().resize(32, 32, { fit: "inside" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return encode(new Uint8ClampedArray(data), info.width, info.height, 4, 4);
}
