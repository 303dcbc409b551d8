import { find } from "linkifyjs";
import { escapeHtml } from "./format-content.ts";
import { HASHTAG_PATTERN, isHashtagName } from "./hashtags.ts";
import { mentionMatches } from "./mentions.ts";

/** How {@link linkifyText} turns URLs, hashtags and mentions into links. */
export interface LinkifyOptions {
  /** Adds `me` to every link's rel (profile field values, which claim the linked page). */
  relMe?: boolean;
  /** The page of a hashtag; without it hashtags stay plain text. */
  tagUrl?: (tag: string) => string;
  /**
   * The profile URL of a mentioned account (`domain` is undefined for `@user`); undefined leaves
   * the mention as plain text, as Mastodon does for accounts it does not know.
   */
  mentionUrl?: (username: string, domain: string | undefined) => string | undefined;
}

// Only links with these schemes become anchors; bare domains ("example.com") stay text, as in Mastodon.
const LINKABLE = /^https?:\/\//i;
// What Mastodon hides of a link's text: the scheme and a leading "www.".
const HIDDEN_PREFIX = /^https?:\/\/(www\.)?/i;
// How much of a URL stays visible after the hidden prefix.
const VISIBLE_LENGTH = 30;

/**
 * Renders one URL as Mastodon shows links: the scheme (and "www.") hidden, then at most 30
 * visible characters, marked with an ellipsis when the rest is hidden too.
 */
export function renderUrlLink(url: string, options: { relMe?: boolean } = {}): string {
  const prefix = HIDDEN_PREFIX.exec(url)?.[0] ?? "";
  const rest = url.slice(prefix.length);
  const visible = rest.slice(0, VISIBLE_LENGTH);
  const hidden = rest.slice(VISIBLE_LENGTH);
  const rel = [...(options.relMe ? ["me"] : []), "nofollow", "noopener", "noreferrer"].join(" ");
  return (
    `<a href="${escapeHtml(url)}" target="_blank" rel="${rel}">` +
    `<span class="invisible">${escapeHtml(prefix)}</span>` +
    `<span class="${hidden ? "ellipsis" : ""}">${escapeHtml(visible)}</span>` +
    `<span class="invisible">${escapeHtml(hidden)}</span></a>`
  );
}

/** A piece of text: an http(s) URL to link, or plain text around URLs. */
export type TextPiece = { kind: "url"; value: string } | { kind: "text"; value: string };

/**
 * Splits text into http(s) URLs and the plain text between them, as Mastodon's formatter sees it:
 * bare domains and other schemes are plain text, and a URL's trailing punctuation is not part of
 * it. Hashtags and mentions are looked for in the plain pieces only, never inside a URL.
 */
export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const link of find(text, "url")) {
    if (!LINKABLE.test(link.value)) continue;
    if (link.start > at) pieces.push({ kind: "text", value: text.slice(at, link.start) });
    pieces.push({ kind: "url", value: link.value });
    at = link.end;
  }
  if (at < text.length) pieces.push({ kind: "text", value: text.slice(at) });
  return pieces;
}

/** The plain-text pieces of {@link splitLinks}: where hashtags and mentions can be. */
export function plainSegments(text: string): string[] {
  return splitLinks(text).flatMap((piece) => (piece.kind === "text" ? [piece.value] : []));
}

/** The http(s) URLs of {@link splitLinks}, in order. */
export function linkedUrls(text: string): string[] {
  return splitLinks(text).flatMap((piece) => (piece.kind === "url" ? [piece.value] : []));
}

/**
 * Escapes plain text and turns http(s) URLs, and (when the options say how) hashtags and mentions,
 * into Mastodon's link markup. Line breaks are left as they are for the caller to lay out.
 */
export function linkifyText(text: string, options: LinkifyOptions = {}): string {
  return splitLinks(text)
    .map((piece) => (piece.kind === "url" ? renderUrlLink(piece.value, options) : renderPlain(piece.value, options)))
    .join("");
}

// Text between URLs: escaped, with hashtags and known mentions linked.
function renderPlain(text: string, options: LinkifyOptions): string {
  type Hit = { start: number; end: number; html: string };
  const hits: Hit[] = [];
  if (options.tagUrl) {
    for (const m of text.matchAll(HASHTAG_PATTERN)) {
      if (!isHashtagName(m[1]!)) continue;
      hits.push({ start: m.index, end: m.index + m[0].length, html: `<a href="${escapeHtml(options.tagUrl(m[1]!))}" class="mention hashtag" rel="tag">#<span>${escapeHtml(m[1]!)}</span></a>` });
    }
  }
  if (options.mentionUrl) {
    for (const m of mentionMatches(text)) {
      const url = options.mentionUrl(m.username, m.domain);
      if (!url) continue;
      hits.push({ start: m.start, end: m.end, html: `<span class="h-card"><a href="${escapeHtml(url)}" class="u-url mention">@<span>${escapeHtml(m.username)}</span></a></span>` });
    }
  }
  hits.sort((a, b) => a.start - b.start);
  let html = "";
  let at = 0;
  for (const hit of hits) {
    if (hit.start < at) continue; // overlapping matches: the earlier one wins
    html += escapeHtml(text.slice(at, hit.start)) + hit.html;
    at = hit.end;
  }
  return html + escapeHtml(text.slice(at));
}
