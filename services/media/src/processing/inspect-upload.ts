// Looks inside an upload before anything is stored: the content decides the type, and files that
// are empty, of a refused type, corrupt or over a limit never get a row or a stored file.
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { invalidArgument } from "@starling/runtime";
import type { MediaType } from "../domain/media-attachment.ts";
import { isProfileImageType } from "../domain/profile-image-rules.ts";
import { byteLimitOf, formatLimit, GIF_PIXEL_LIMIT, IMAGE_PIXEL_LIMIT, uploadKindOf, VIDEO_FRAME_RATE_LIMIT, VIDEO_PIXEL_LIMIT } from "../domain/media-rules.ts";
import type { MediaTools } from "./media-tools.ts";
import { probe, type Probe } from "./probe.ts";
import { ProcessingError } from "./run-tool.ts";

/** An upload that passed inspection. */
export interface InspectedUpload {
  type: Exclude<MediaType, "unknown">;
  /** Detected from the bytes, never from the name or the declared type. */
  contentType: string;
}

/** Limits inspection applies. */
export interface InspectLimits {
  imageBytes: number;
  videoBytes: number;
}

const INVALID_TYPE = "Validation failed: File content type is invalid";

/**
 * Inspects the media file of an upload; INVALID_ARGUMENT when it must be refused, FAILED_PRECONDITION
 * when it is audio, video or an animated GIF and this server lacks the tools to process it.
 */
export async function inspectUpload(path: string, size: number, limits: InspectLimits, tools: MediaTools): Promise<InspectedUpload> {
  if (size === 0) throw invalidArgument("Validation failed: File can't be blank");
  const detected = await fileTypeFromFile(path);
  const kind = detected && uploadKindOf(detected.mime);
  if (!detected || !kind) throw invalidArgument(INVALID_TYPE);
  const limit = byteLimitOf(kind, { image: limits.imageBytes, video: limits.videoBytes });
  if (size > limit) throw invalidArgument(`Validation failed: File file size must be less than ${formatLimit(limit)}`);
  if (kind === "image" || kind === "gif") {
    const type = await inspectImage(path);
    // An animated GIF is stored as a silent MP4 (gifv), which ffmpeg makes.
    if (type === "gifv") await tools.require("Animated GIFs");
    return { type, contentType: detected.mime };
  }
  await tools.require("Audio and video uploads");
  return { type: videoOrAudio(await probeOrRefuse(path, tools), kind), contentType: detected.mime };
}

/** Inspects a supplied thumbnail: any still image type, within the image limits. */
export async function inspectThumbnail(path: string, size: number, imageBytes: number): Promise<void> {
  if (size === 0) throw invalidArgument("Validation failed: Thumbnail can't be blank");
  const detected = await fileTypeFromFile(path);
  const kind = detected && uploadKindOf(detected.mime);
  if (kind !== "image" && kind !== "gif") throw invalidArgument("Validation failed: Thumbnail content type is invalid");
  if (size > imageBytes) throw invalidArgument(`Validation failed: Thumbnail file size must be less than ${formatLimit(imageBytes)}`);
  await inspectImage(path);
}

/**
 * Inspects an avatar or header: JPEG, PNG, GIF or WebP by content, within `bytes`, decodable whole.
 * `label` (Avatar, Header) starts the messages, as Mastodon's validations name the attribute.
 * Answers the detected content type and whether the image is animated.
 */
export async function inspectProfileImage(path: string, size: number, bytes: number, label: string): Promise<{ contentType: string; animated: boolean }> {
  if (size === 0) throw invalidArgument(`Validation failed: ${label} can't be blank`);
  const detected = await fileTypeFromFile(path);
  if (!detected || !isProfileImageType(detected.mime)) throw invalidArgument(`Validation failed: ${label} content type is invalid`);
  if (size > bytes) throw invalidArgument(`Validation failed: ${label} file size must be less than ${formatLimit(bytes)}`);
  return { contentType: detected.mime, animated: (await inspectImage(path, label)) === "gifv" };
}

async function inspectImage(path: string, label = "File"): Promise<"image" | "gifv"> {
  const meta = await sharp(path, { limitInputPixels: false }).metadata().catch(() => undefined);
  if (!meta?.width || !meta.height) throw invalidArgument(`Validation failed: ${label} content type is invalid`);
  const animated = meta.format === "gif" && (meta.pages ?? 1) > 1;
  const pixels = meta.width * (meta.pageHeight ?? meta.height);
  if (pixels > (animated ? GIF_PIXEL_LIMIT : IMAGE_PIXEL_LIMIT)) {
    throw invalidArgument(`Validation failed: ${label} dimensions must not exceed ${animated ? GIF_PIXEL_LIMIT : IMAGE_PIXEL_LIMIT} pixels`);
  }
  // A header is not an image: decode it whole once, so truncated or corrupt files are refused now.
  await sharp(path, { failOn: "error" })
    .stats()
    .catch(() => {
      throw invalidArgument(`Validation failed: ${label} could not be read as an image`);
    });
  return animated ? "gifv" : "image";
}

async function probeOrRefuse(path: string, tools: MediaTools): Promise<Probe> {
  try {
    return await probe(path, tools);
  } catch (error) {
    if (error instanceof ProcessingError) throw invalidArgument("Validation failed: File could not be read as audio or video");
    throw error;
  }
}

/**
 * Containers like webm and ogg hold audio or video; the streams decide. A video without sound is
 * shown as gifv, as Mastodon does.
 */
function videoOrAudio(found: Probe, kind: "video" | "audio"): "video" | "gifv" | "audio" {
  if (!found.video || kind === "audio") {
    if (!found.audio) throw invalidArgument(INVALID_TYPE);
    return "audio";
  }
  const { width, height, fps } = found.video;
  if (width * height > VIDEO_PIXEL_LIMIT) throw invalidArgument(`Validation failed: File dimensions must not exceed ${VIDEO_PIXEL_LIMIT} pixels`);
  if (fps > VIDEO_FRAME_RATE_LIMIT) throw invalidArgument(`Validation failed: File frame rate must not exceed ${VIDEO_FRAME_RATE_LIMIT} fps`);
  return found.audio ? "video" : "gifv";
}
