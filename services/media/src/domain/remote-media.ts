// Attachments of remote statuses, as the Document the remote server sent describes them. The row
// shows the remote file until the processing worker has cached a local copy (cache-remote-media),
// whose type, meta and blurhash then come from the file itself.
import { dimensionsMeta, type Focus, type MediaRecord, type MediaType } from "./media-attachment.ts";
import { DESCRIPTION_LIMIT } from "./media-rules.ts";

/** One remote attachment as the federation service read it from the Document. */
export interface RemoteMediaInput {
  remoteUrl: string;
  mediaType?: string | undefined;
  description?: string | undefined;
  blurhash?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  focus?: Focus | undefined;
  previewRemoteUrl?: string | undefined;
}

/** Whether `text` is an absolute http(s) URL, the only kind another server can be fetched from. */
export function isHttpUrl(text: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** The type a remote media type shows as: by its top-level type, "unknown" for anything else. */
export function remoteMediaType(mediaType: string | undefined): MediaType {
  const top = mediaType?.trim().toLowerCase().split("/")[0];
  return top === "image" || top === "video" || top === "audio" ? top : "unknown";
}

// Blurhash's base-83 alphabet; the first character encodes the component counts, which fix the
// length. Mastodon drops a blurhash it cannot use (or one over 5x5 components) rather than the
// attachment.
const BASE83 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~";
const MAX_COMPONENTS = 5;

/** The blurhash when it is a well-formed one of at most 5x5 components, else null. */
export function validBlurhash(text: string): string | null {
  if (text.length < 6 || [...text].some((c) => !BASE83.includes(c))) return null;
  const sizeFlag = BASE83.indexOf(text[0]!);
  const [x, y] = [(sizeFlag % 9) + 1, Math.floor(sizeFlag / 9) + 1];
  return x <= MAX_COMPONENTS && y <= MAX_COMPONENTS && text.length === 4 + 2 * x * y ? text : null;
}

const validFocus = (focus: Focus | undefined): Focus | null =>
  focus && [focus.x, focus.y].every((c) => Number.isFinite(c) && Math.abs(c) <= 1) ? { x: focus.x, y: focus.y } : null;

const positive = (n: number | undefined): n is number => n !== undefined && Number.isInteger(n) && n > 0;

/**
 * The row a remote attachment is stored as: "done" (it shows at once, from the remote server), no
 * stored files yet. What the sender got wrong is dropped, as Mastodon drops it: a malformed blurhash,
 * a focus outside -1..1, a size that is no pixel size, a preview URL that is not http(s); the
 * description is cut to the alt-text limit.
 */
export function remoteMediaRecord(id: string, accountId: string, input: RemoteMediaInput, now: Date): MediaRecord {
  const description = [...(input.description?.trim() ?? "")].slice(0, DESCRIPTION_LIMIT).join("");
  return {
    id,
    accountId,
    statusId: null,
    type: remoteMediaType(input.mediaType),
    processing: "done",
    description: description || null,
    focus: validFocus(input.focus),
    uploadKey: null,
    uploadContentType: input.mediaType?.trim().toLowerCase() ?? "",
    fileKey: null,
    smallKey: null,
    thumbnailKey: null,
    thumbnailBlurhash: null,
    thumbnailMeta: null,
    meta: positive(input.width) && positive(input.height) ? { original: dimensionsMeta(input.width, input.height) } : {},
    blurhash: input.blurhash === undefined ? null : validBlurhash(input.blurhash.trim()),
    remoteUrl: input.remoteUrl,
    previewRemoteUrl: input.previewRemoteUrl !== undefined && isHttpUrl(input.previewRemoteUrl) ? input.previewRemoteUrl : null,
    createdAt: now,
  };
}
