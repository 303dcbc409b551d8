import { publicFetch, type PublicFetchOptions, type PublicFetchResponse } from "@starling/runtime";
import { applyOEmbed } from "../domain/oembed.ts";
import { readPageDetails } from "../domain/page-details.ts";
import type { CardDetails } from "../domain/preview-card.ts";
import type { CardSettings } from "./preview-card-deps.ts";

/** A link that yields no card: an error answer, not a page, nothing to show. */
export class NoCardError extends Error {}

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

/** The fetch options every card request uses: public addresses only (unless tests allow), 1 MB, the deadline. */
export function cardFetchOptions(settings: CardSettings, accept: string): PublicFetchOptions {
  return { allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs, maxBytes: 1024 * 1024, headers: { accept, "user-agent": "Starling (preview cards)" } };
}

function mediaType(response: PublicFetchResponse): string {
  return String(response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The body as text in the charset the server declared, UTF-8 when it declared none or an unknown one. */
function bodyText(response: PublicFetchResponse): string {
  const charset = /charset=["']?([\w-]+)/i.exec(String(response.headers["content-type"] ?? ""))?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(response.body);
  } catch {
    return new TextDecoder("utf-8").decode(response.body);
  }
}

/**
 * Fetches a link's page and reads its card: OpenGraph and Twitter tags, then the JSON oEmbed the page
 * advertises laid over them. Only a 200 HTML answer counts (Mastodon's rule); a body over 1 MB is read
 * up to the cap. A broken oEmbed endpoint leaves the tags' card. Throws NoCardError or
 * PublicFetchError when there is no card to make.
 */
export async function fetchCardDetails(settings: CardSettings, link: string): Promise<CardDetails> {
  const page = await publicFetch(link, cardFetchOptions(settings, "text/html,application/xhtml+xml"));
  if (page.status !== 200) throw new NoCardError(`${link} answered ${page.status}`);
  if (!HTML_TYPES.has(mediaType(page))) throw new NoCardError(`${link} is ${mediaType(page) || "untyped"}, not HTML`);
  const { oembedUrl, ...details } = readPageDetails(bodyText(page), page.url);
  const card = oembedUrl ? applyOEmbed(details, await oembedAnswer(settings, oembedUrl), oembedUrl) : details;
  // Mastodon keeps a card only when there is something to show.
  if (!card.title && !card.html) throw new NoCardError(`${link} has no title`);
  return card;
}

async function oembedAnswer(settings: CardSettings, url: string): Promise<unknown> {
  try {
    const response = await publicFetch(url, cardFetchOptions(settings, "application/json"));
    return response.status === 200 && !response.truncated ? JSON.parse(bodyText(response)) : undefined;
  } catch {
    return undefined;
  }
}
