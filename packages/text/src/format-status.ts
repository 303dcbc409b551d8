import { layoutParagraphs } from "./format-content.ts";
import { hashtagsIn } from "./hashtags.ts";
import { linkedUrls, linkifyText, plainSegments } from "./linkify-text.ts";
import { mentionedAccts } from "./mentions.ts";
import { extractEmojiShortcodes } from "./format-profile.ts";

/** Where the links of a status's hashtags and mentions point. */
export interface StatusLinks {
  /** The page of a hashtag, given its name as typed. */
  tagUrl: (tag: string) => string;
  /**
   * The profile URL of a mentioned account (`domain` undefined for `@user`), or undefined when the
   * account is not known: the mention then stays plain text, as Mastodon leaves it.
   */
  mentionUrl: (username: string, domain: string | undefined) => string | undefined;
}

/**
 * Renders a local status's text to Mastodon's HTML: escaped text in `<p>` paragraphs with `<br />`
 * line breaks, http(s) URLs as shortened `nofollow noopener noreferrer` links, hashtags as tag
 * links and resolved mentions as h-card links. Custom emojis stay `:shortcode:` text; clients
 * replace them from the status's `emojis`.
 */
export function formatStatus(text: string, links: StatusLinks): string {
  return layoutParagraphs(text, (paragraph) => linkifyText(paragraph, links));
}

/** What a status's text refers to, before anything is looked up. */
export interface StatusEntities {
  /** `user` or `user@domain`, each once ignoring case, in order of first mention (text only). */
  mentions: string[];
  /** Hashtags of the text, each normalized name once, in order of first use. */
  hashtags: { name: string; normalized: string }[];
  /** Custom emoji shortcodes of the spoiler text and the text, in order of first use. */
  emojiShortcodes: string[];
  /** The http(s) URLs of the text, in order. */
  urls: string[];
}

/**
 * The mentions, hashtags, custom emoji shortcodes and URLs of a status, found with the same rules
 * {@link formatStatus} renders with (nothing inside a URL counts as a mention or a hashtag).
 */
export function statusEntities(text: string, spoilerText = ""): StatusEntities {
  const segments = plainSegments(text);
  return {
    mentions: mentionedAccts(segments),
    hashtags: hashtagsIn(segments),
    emojiShortcodes: extractEmojiShortcodes(spoilerText, text),
    urls: linkedUrls(text),
  };
}
