// Custom emojis as Mastodon 4.0 knows them (CustomEmoji): a shortcode naming an image, local or of a
// remote domain, shown in the picker unless unlisted, optionally in a category.

/** A registered custom emoji. */
export interface CustomEmoji {
  id: string;
  shortcode: string;
  /** Undefined for local emojis. */
  domain: string | undefined;
  url: string;
  /** A non-animated version; always present. */
  staticUrl: string;
  category: string | null;
  visibleInPicker: boolean;
  disabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** Mastodon's shortcode rule: at least two letters, digits or underscores. */
export const SHORTCODE_PATTERN = /^[a-zA-Z0-9_]{2,}$/;

/** Longest shortcode, category and URL accepted (Mastodon's string columns). */
export const EMOJI_TEXT_LIMIT = 2048;

/** An emoji as an admin asks to add it, before any rule ran. */
export interface NewCustomEmojiInput {
  shortcode: string;
  /** Absent for a local emoji. */
  domain?: string | undefined;
  url: string;
  staticUrl: string;
  category?: string | undefined;
  visibleInPicker: boolean;
}

/** A new emoji that passed the rules that need no data. */
export type ValidCustomEmoji = Omit<CustomEmoji, "id" | "disabled" | "createdAt" | "updatedAt">;

/** The cleaned emoji, or why it was refused. */
export type ValidatedEmoji = { ok: true; emoji: ValidCustomEmoji } | { ok: false; error: string };

const isHttpUrl = (text: string): boolean => {
  try {
    return ["http:", "https:"].includes(new URL(text).protocol) && text.length <= EMOJI_TEXT_LIMIT;
  } catch {
    return false;
  }
};

/** Shortcode shape, image URLs, and a category of at most {@link EMOJI_TEXT_LIMIT} characters. */
export function validateNewEmoji(input: NewCustomEmojiInput): ValidatedEmoji {
  const shortcode = input.shortcode.trim();
  if (!SHORTCODE_PATTERN.test(shortcode) || shortcode.length > EMOJI_TEXT_LIMIT) {
    return { ok: false, error: "Validation failed: Shortcode must be at least 2 characters and can only contain alphanumeric characters and underscores" };
  }
  if (!isHttpUrl(input.url) || !isHttpUrl(input.staticUrl)) return { ok: false, error: "Validation failed: Image must be an http(s) URL, and its static version too" };
  const category = input.category?.trim() ?? "";
  if (category.length > EMOJI_TEXT_LIMIT) return { ok: false, error: "Validation failed: Category is too long" };
  const domain = input.domain?.trim().toLowerCase();
  if (domain !== undefined && !REMOTE_DOMAIN_PATTERN.test(domain)) return { ok: false, error: "Validation failed: Domain must name a remote server (leave it out for a local emoji)" };
  return { ok: true, emoji: { shortcode, domain, url: input.url, staticUrl: input.staticUrl, category: category || null, visibleInPicker: input.visibleInPicker } };
}

/** An Emoji tag of a remote server, as the federation service read it. */
export interface RemoteEmojiInput {
  shortcode: string;
  /** The image on the remote server; it serves as the static version too, since nothing is cached here. */
  url: string;
  /** The tag's `updated`; null when not given. */
  updatedAt: Date | null;
}

/** Emoji tags taken from one object at most; the rest are ignored (Mastodon posts use a handful). */
export const MAX_REMOTE_EMOJIS_PER_UPSERT = 200;

/** A remote server's domain as handles spell it: no spaces, slashes or `@`, and never empty (local emojis have none). */
export const REMOTE_DOMAIN_PATTERN = /^[^\s/@]+$/;

/**
 * The remote emojis worth storing, one per shortcode ignoring case (the first wins), at most
 * {@link MAX_REMOTE_EMOJIS_PER_UPSERT}. Malformed ones are dropped rather than refused: another
 * server wrote them, and one bad tag must not lose the others.
 */
export function storableRemoteEmojis(emojis: readonly RemoteEmojiInput[]): RemoteEmojiInput[] {
  const byShortcode = new Map<string, RemoteEmojiInput>();
  for (const emoji of emojis) {
    const key = emoji.shortcode.toLowerCase();
    if (SHORTCODE_PATTERN.test(emoji.shortcode) && emoji.shortcode.length <= EMOJI_TEXT_LIMIT && isHttpUrl(emoji.url) && !byShortcode.has(key)) byShortcode.set(key, emoji);
  }
  return [...byShortcode.values()].slice(0, MAX_REMOTE_EMOJIS_PER_UPSERT);
}
