// Where files live in storage, after Mastodon's Paperclip layout
// (media_attachments/files/<id split in threes>/<style>/<name>), so operators recognise it.

/** Prefix of every publicly served key; anything else (raw uploads) is private. */
export const PUBLIC_PREFIX = "media_attachments/";

/** "109876543210" → "109/876/543/210": keeps any one folder small. */
export function idPartition(id: string): string {
  const padded = id.padStart(Math.ceil(id.length / 3) * 3, "0");
  return padded.match(/\d{3}/g)!.join("/");
}

/** Key of a processed file or its preview. */
export function fileKey(id: string, style: "original" | "small", extension: string): string {
  return `${PUBLIC_PREFIX}files/${idPartition(id)}/${style}/${id}.${extension}`;
}

/**
 * Key of a supplied thumbnail. `version` is a fresh id for each thumbnail, so a replaced thumbnail
 * gets a new URL and immutable caching stays correct.
 */
export function thumbnailKey(id: string, version: string, extension: string): string {
  return `${PUBLIC_PREFIX}thumbnails/${idPartition(id)}/original/${version}.${extension}`;
}

/** Key of an upload as received, kept privately until processing finishes. */
export function uploadKey(id: string): string {
  return `uploads/${id}`;
}
