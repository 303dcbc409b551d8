import { layoutParagraphs } from "./format-content.ts";
import { linkifyText, splitLinks, type LinkifyOptions } from "./linkify-text.ts";
import { mentionMatches } from "./mentions.ts";

/** How many characters a URL counts for in a length limit, whatever its real length (Mastodon's rule). */
export const URL_COUNTED_LENGTH = 23;

// The :shortcode: of a custom emoji, not glued to letters, digits or other colons on either side.
const EMOJI_SHORTCODE = /(?<=^|[^\p{L}\p{N}:]):([a-zA-Z0-9_]{2,}):(?=$|[^\p{L}\p{N}:])/gu;

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
  return splitLinks(text).reduce((counted, piece) => counted + (piece.kind === "url" ? URL_COUNTED_LENGTH : graphemes(stripMentionDomains(piece.value))), 0);
}

// The domain half of an @user@domain mention does not count towards length limits.
function stripMentionDomains(text: string): string {
  let kept = "";
  let at = 0;
  for (const mention of mentionMatches(text)) {
    if (mention.domain === undefined) continue;
    kept += `${text.slice(at, mention.start)}@${mention.username}`;
    at = mention.end;
  }
  return kept + text.slice(at);
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function graphemes(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n += 1;
  return n;
}
