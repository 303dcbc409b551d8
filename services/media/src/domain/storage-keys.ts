// Where files live in storage, after Mastodon's Paperclip layout
// (media_attachments/files/<id split in threes>/<style>/<name>), so operators recognise it.

/** Prefix of every media attachment key that is publicly served. */
export const PUBLIC_PREFIX = "media_attachments/";

/** Prefix of account avatars and headers, after Mastodon's `accounts/avatars/…` and `accounts/headers/…`. */
export const ACCOUNT_IMAGES_PREFIX = "accounts/";

/** Prefix of preview card thumbnails, after Mastodon's `preview_cards/images/…`. */
export const PREVIEW_CARDS_PREFIX = "preview_cards/";

/** Prefix of custom emoji images, after Mastodon's `custom_emojis/images/…`. */
export const CUSTOM_EMOJIS_PREFIX = "custom_emojis/";

/** Whether a key is served publicly; anything else (raw uploads, scratch files) is private. */
export function isPublicKey(key: string): boolean {
  return key.startsWith(PUBLIC_PREFIX) || key.startsWith(ACCOUNT_IMAGES_PREFIX) || key.startsWith(PREVIEW_CARDS_PREFIX) || key.startsWith(CUSTOM_EMOJIS_PREFIX);
}

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

/**
 * Key of an account's avatar or header (`folder` avatars|headers), `original` as uploaded (GIFs
 * stay animated) or `static` (the still PNG of a GIF). `version` is fresh for every upload, so a new
 * image never reuses a URL that caches hold as immutable.
 */
export function accountImageKey(folder: string, accountId: string, style: "original" | "static", version: string, extension: string): string {
  return `${ACCOUNT_IMAGES_PREFIX}${folder}/${idPartition(accountId)}/${style}/${version}.${extension}`;
}

/** Key of a preview card's thumbnail; `version` is fresh for every image stored, as for thumbnails. */
export function previewCardImageKey(cardId: string, version: string, extension: string): string {
  return `${PREVIEW_CARDS_PREFIX}images/${idPartition(cardId)}/original/${version}.${extension}`;
}

/**
 * Key of a custom emoji image, `original` as uploaded or `static` (the still PNG). `version` is
 * fresh for every image stored, so an overwritten emoji never reuses a URL cached as immutable.
 */
export function emojiImageKey(version: string, style: "original" | "static", extension: string): string {
  return `${CUSTOM_EMOJIS_PREFIX}images/${idPartition(version)}/${style}/${version}.${extension}`;
}
