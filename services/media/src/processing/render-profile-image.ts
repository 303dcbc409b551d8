import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import { fitPixels } from "../domain/media-rules.ts";
import type { ProfileGeometry } from "../domain/profile-image-rules.ts";
import type { OutputFile } from "./processed-media.ts";
import { extensionOf, stillFormatFor } from "./render-still.ts";
import { ProcessingError } from "./run-tool.ts";

/** The files of a processed avatar or header, in the work folder. */
export interface RenderedProfileImage {
  /** As uploaded in kind: GIFs stay GIFs (animated ones animated), others keep their still format. */
  original: OutputFile;
  /** A still PNG of the first frame, for GIFs only (Mastodon's `static` style). */
  still: OutputFile | null;
}

/** Where and how to render. */
export interface ProfileRenderOptions {
  workDir: string;
  stem: string;
  geometry: ProfileGeometry;
}

/**
 * Renders an inspected avatar or header at its geometry, upright and without any metadata (sharp
 * keeps none unless asked), as Mastodon's `-strip` does. A GIF also gets its still PNG.
 */
export async function renderProfileImage(input: string, image: { contentType: string; animated: boolean }, options: ProfileRenderOptions): Promise<RenderedProfileImage> {
  const file = (style: string, extension: string): OutputFile => ({ path: join(options.workDir, `${options.stem}-${style}.${extension}`), extension });
  try {
    if (image.contentType !== "image/gif") {
      const format = stillFormatFor(image.contentType);
      const original = file("original", extensionOf(format));
      await (await resized(input, options.geometry, false)).toFormat(format).toFile(original.path);
      return { original, still: null };
    }
    const original = file("original", "gif");
    const still = file("static", "png");
    await (await resized(input, options.geometry, image.animated)).gif().toFile(original.path);
    await (await resized(input, options.geometry, false)).png().toFile(still.path);
    return { original, still };
  } catch (error) {
    throw new ProcessingError(`profile image could not be processed: ${(error as Error).message}`);
  }
}

/** The image (every frame when `animated`, else the first) scaled to `geometry`. */
async function resized(input: string, geometry: ProfileGeometry, animated: boolean): Promise<Sharp> {
  // Stills are turned upright by their EXIF orientation first; GIF frames carry none.
  const image = animated ? sharp(input, { animated: true, failOn: "error" }) : sharp(input, { failOn: "error" }).rotate();
  if (geometry.fit === "cover") return image.resize(geometry.width, geometry.height, { fit: "cover", position: "centre" });
  const meta = await sharp(input).metadata();
  const sideways = !animated && (meta.orientation ?? 1) >= 5;
  const width = meta.width!;
  const height = meta.pageHeight ?? meta.height!;
  const size = fitPixels(sideways ? height : width, sideways ? width : height, geometry.pixels);
  return image.resize(size.width, size.height, { fit: "fill" });
}
