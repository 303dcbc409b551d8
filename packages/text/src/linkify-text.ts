import { find } from "linkifyjs";
import { escapeHtml } from "./format-content.ts";

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
// A hashtag starts after a non-word character (not "/" or ")") and holds at least one letter.
const HASHTAG = /(^|[^/)\p{L}\p{N}_])#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu;
// @user or @user@domain, not preceded by a word character or "/" (e-mail addresses, URL paths).
const MENTION = /(^|[^/\p{L}\p{N}_])@([a-z0-9_]+(?:[a-z0-9_.-]*[a-z0-9_])?)(?:@([\p{L}\p{N}.-]*[\p{L}\p{N}]))?/giu;

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

/**
 * Escapes plain text and turns http(s) URLs, and (when the options say how) hashtags and mentions,
 * into Mastodon's link markup. Line breaks are left as they are for the caller to lay out.
 */
export function linkifyText(text: string, options: LinkifyOptions = {}): string {
  let html = "";
  let at = 0;
  for (const link of find(text, "url")) {
    if (!LINKABLE.test(link.value)) continue;
    html += renderPlain(text.slice(at, link.start), options);
    html += renderUrlLink(link.value, options);
    at = link.end;
  }
  return html + renderPlain(text.slice(at), options);
}

// Text between URLs: escaped, with hashtags and known mentions linked.
function renderPlain(text: string, options: LinkifyOptions): string {
  type Hit = { start: number; end: number; html: string };
  const hits: Hit[] = [];
  if (options.tagUrl) {
    for (const m of text.matchAll(HASHTAG)) {
      const start = m.index + m[1]!.length;
      hits.push({ start, end: m.index + m[0].length, html: `<a href="${escapeHtml(options.tagUrl(m[2]!))}" class="mention hashtag" rel="tag">#<span>${escapeHtml(m[2]!)}</span></a>` });
    }
  }
  if (options.mentionUrl) {
    for (const m of text.matchAll(MENTION)) {
      const url = options.mentionUrl(m[2]!, m[3]);
      if (!url) continue;
      const start = m.index + m[1]!.length;
      hits.push({ start, end: m.index + m[0].length, html: `<span class="h-card"><a href="${escapeHtml(url)}" class="u-url mention">@<span>${escapeHtml(m[2]!)}</span></a></span>` });
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
