// Mastodon 4.0's rules for custom emoji images (CustomEmoji: LIMIT, IMAGE_MIME_TYPES), as data.

/** Largest custom emoji image in bytes (Mastodon 4.0: 256 KB). */
export const EMOJI_IMAGE_BYTES = 256 * 1024;

/** Content types a custom emoji may have, as file-type names them: PNG or GIF, nothing else. */
const EMOJI_IMAGE_TYPES = new Set(["image/png", "image/gif"]);

/** Whether a detected content type may be a custom emoji. */
export function isEmojiImageType(contentType: string): boolean {
  return EMOJI_IMAGE_TYPES.has(contentType);
}
