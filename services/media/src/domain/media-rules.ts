// Mastodon 4.0's media rules (MediaAttachment, Attachmentable, PostStatusService), as pure functions.
import type { Focus, MediaType } from "./media-attachment.ts";

/** Alt text is at most this many characters. */
export const DESCRIPTION_LIMIT = 1500;
/** A status carries at most this many attachments. */
export const ATTACHMENTS_PER_STATUS = 4;
/** Uploaded images over this many pixels are refused (4096x4096). */
export const IMAGE_PIXEL_LIMIT = 16_777_216;
/** Animated GIFs over this many pixels are refused (1280x720). */
export const GIF_PIXEL_LIMIT = 921_600;
/** Stored images are downscaled to at most this many pixels (1920x1080). */
export const IMAGE_STORED_PIXELS = 2_073_600;
/** Previews are downscaled to at most this many pixels (640x360). */
export const PREVIEW_PIXELS = 230_400;
/** Videos over this many pixels are refused (1920x1200). */
export const VIDEO_PIXEL_LIMIT = 2_304_000;
/** Videos over this frame rate are refused. */
export const VIDEO_FRAME_RATE_LIMIT = 60;

/** The kind of upload an accepted content type is, before looking inside (GIF may turn out gifv, video audio-only). */
export type UploadKind = "image" | "gif" | "video" | "audio";

/** Accepted content types, as file-type names them, and what they are. */
const ACCEPTED: Record<string, UploadKind> = {
  "image/jpeg": "image",
  "image/png": "image",
  "image/webp": "image",
  "image/heic": "image",
  "image/heif": "image",
  "image/avif": "image",
  "image/gif": "gif",
  "video/mp4": "video",
  "video/webm": "video",
  "video/quicktime": "video",
  "video/ogg": "video",
  "video/x-ms-asf": "video",
  "video/3gpp": "video",
  "audio/wav": "audio",
  "audio/wave": "audio",
  "audio/x-wav": "audio",
  "audio/vnd.wave": "audio",
  "audio/ogg": "audio",
  "audio/opus": "audio",
  "audio/vorbis": "audio",
  "audio/mpeg": "audio",
  "audio/mp3": "audio",
  "audio/webm": "audio",
  "audio/flac": "audio",
  "audio/x-flac": "audio",
  "audio/aac": "audio",
  "audio/m4a": "audio",
  "audio/x-m4a": "audio",
  "audio/mp4": "audio",
  "audio/3gpp": "audio",
};

/** What an accepted content type is, or undefined when uploads of it are refused. */
export function uploadKindOf(contentType: string): UploadKind | undefined {
  return Object.hasOwn(ACCEPTED, contentType) ? ACCEPTED[contentType] : undefined;
}

/** The byte limit of an upload kind: images 10 MB, video and audio 40 MB (configurable). */
export function byteLimitOf(kind: UploadKind, limits: { image: number; video: number }): number {
  return kind === "image" || kind === "gif" ? limits.image : limits.video;
}

/** Human form of a byte limit, as Mastodon's validation message shows it ("10 MB", "256 KB"). */
export function formatLimit(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  return bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`;
}

/** Parses the API's focus "x,y"; undefined when malformed or out of -1..1. */
export function parseFocus(text: string): Focus | undefined {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => !/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(p))) return undefined;
  const [x, y] = parts.map(Number) as [number, number];
  return Math.abs(x) <= 1 && Math.abs(y) <= 1 ? { x, y } : undefined;
}

/** Mastodon refuses mixing audio or video with any other attachment on one status. */
export function mixesAudioOrVideo(types: MediaType[]): boolean {
  return types.length > 1 && types.some((t) => t === "video" || t === "audio");
}

/** Width and height scaled down, keeping the aspect, so that width × height ≤ pixels (never up). */
export function fitPixels(width: number, height: number, pixels: number): { width: number; height: number } {
  if (width * height <= pixels) return { width, height };
  const scale = Math.sqrt(pixels / (width * height));
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}
