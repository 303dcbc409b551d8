/** Mastodon's card types. */
export type CardType = "link" | "photo" | "video" | "rich";

/** What a page says about itself, before its image is fetched. Strings are "" when unknown. */
export interface CardDetails {
  /** The page's canonical URL (same origin as the link), else the link itself. */
  url: string;
  title: string;
  description: string;
  type: CardType;
  /** "article" only when the page says so (og:type); only articles can trend. */
  linkType: "article" | "unknown";
  authorName: string;
  authorUrl: string;
  providerName: string;
  providerUrl: string;
  /** A sanitized iframe, or "". */
  html: string;
  width: number;
  height: number;
  embedUrl: string;
  /** Absolute URL of the image to make the thumbnail from, or "". */
  imageUrl: string;
}

/** A stored card. */
export interface PreviewCardRecord extends Omit<CardDetails, "imageUrl"> {
  id: string;
  /** The link as statuses wrote it (the key cards are reused by). */
  linkUrl: string;
  imageRemoteUrl: string | null;
  /** Storage key of the thumbnail; null when the page had no usable image. */
  imageKey: string | null;
  blurhash: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Mastodon keeps card images (and provider icons) to 1 MB. */
export const CARD_IMAGE_BYTES = 1024 * 1024;
/** Card thumbnails fit in this box, as Mastodon's `400x400>`. */
export const CARD_IMAGE_BOX = 400;

/** An http(s) URL resolved against `base`, or "" when it is not one. */
export function absoluteHttpUrl(value: string | undefined, base: string): string {
  if (!value?.trim()) return "";
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : "";
  } catch {
    return "";
  }
}
