import { find } from "linkifyjs";
import { layoutParagraphs } from "./format-content.ts";
import { linkifyText, type LinkifyOptions } from "./linkify-text.ts";

/** How many characters a URL counts for in a length limit, whatever its real length (Mastodon's rule). */
export const URL_COUNTED_LENGTH = 23;

// The :shortcode: of a custom emoji, not glued to letters, digits or other colons on either side.
const EMOJI_SHORTCODE = /(?<=^|[^\p{L}\p{N}:]):([a-zA-Z0-9_]{2,}):(?=$|[^\p{L}\p{N}:])/gu;
// The domain half of an @user@domain mention, which does not count towards length limits.
const MENTION_DOMAIN = /(^|[^/\p{L}\p{N}_])(@[a-z0-9_]+)@[\p{L}\p{N}.-]*[\p{L}\p{N}]/giu;

/**
 * Renders a profile note (the bio) to HTML as Mastodon does: paragraphs and line breaks like a
 * status, http(s) URLs as shortened links, and hashtags and mentions when the options say where
 * they point. Custom emojis stay as `:shortcode:` text; clients replace them from `emojis`.
 */
export function formatNote(text: string, options: Omit<LinkifyOptions, "relMe"> = {}): string {
  return layoutParagraphs(text, (paragraph) => linkifyText(paragraph, options));
}

/**
 * Renders a profile field value: escaped text with http(s) URLs linked with rel="me" (the owner
 * claims the page), no paragraphs, surrounding whitespace trimmed.
 */
export function formatFieldValue(value: string): string {
  return linkifyText(value.trim(), { relMe: true });
}

/** The distinct custom emoji shortcodes (without colons) used in these texts, in order of first use. */
export function extractEmojiShortcodes(...texts: string[]): string[] {
  const seen = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(EMOJI_SHORTCODE)) seen.add(m[1]!);
  return [...seen];
}

/**
 * The length Mastodon counts for a status or a bio: user-perceived characters (grapheme clusters),
 * each http(s) URL as 23, and `@user@domain` mentions as `@user` only.
 */
export function countedLength(text: string): number {
  let counted = 0;
  let at = 0;
  for (const link of find(text, "url")) {
    if (!/^https?:\/\//i.test(link.value)) continue;
    counted += graphemes(stripMentionDomains(text.slice(at, link.start))) + URL_COUNTED_LENGTH;
    at = link.end;
  }
  return counted + graphemes(stripMentionDomains(text.slice(at)));
}

function stripMentionDomains(text: string): string {
  return text.replace(MENTION_DOMAIN, "$1$2");
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function graphemes(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n += 1;
  return n;
}
