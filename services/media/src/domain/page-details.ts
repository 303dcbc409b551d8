import { Parser } from "htmlparser2";
import { absoluteHttpUrl, type CardDetails } from "./preview-card.ts";

/** A page's card details plus where its oEmbed JSON is, if it advertises one. */
export interface PageDetails extends CardDetails {
  /** Absolute URL of the page's JSON oEmbed endpoint, or "". */
  oembedUrl: string;
}

interface RawTags {
  /** meta property= / name= (lower-cased) → first content seen. */
  meta: Map<string, string>;
  title: string;
  canonical: string;
  oembed: string;
}

/** Collects the head tags a card is made from; the whole (size-capped) document is read. */
function collectTags(html: string): RawTags {
  const tags: RawTags = { meta: new Map(), title: "", canonical: "", oembed: "" };
  let inTitle = false;
  let titleSeen = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "meta") {
          const key = (attrs.property ?? attrs.name ?? "").trim().toLowerCase();
          if (key && attrs.content !== undefined && !tags.meta.has(key)) tags.meta.set(key, attrs.content.trim());
        } else if (name === "link") {
          const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
          const type = (attrs.type ?? "").toLowerCase();
          if (rel.includes("canonical") && !tags.canonical) tags.canonical = attrs.href ?? "";
          if (rel.includes("alternate") && /^(application|text)\/json\+oembed$/.test(type) && !tags.oembed) tags.oembed = attrs.href ?? "";
        } else if (name === "title" && !titleSeen) {
          inTitle = true;
        }
      },
      ontext(text) {
        if (inTitle) tags.title += text;
      },
      onclosetag(name) {
        if (name === "title" && inTitle) {
          inTitle = false;
          titleSeen = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return tags;
}

const clean = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
const positive = (value: string | undefined) => {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/**
 * Reads a card from a page's OpenGraph and Twitter tags, falling back to `<title>` and the meta
 * description. A canonical URL (rel=canonical or og:url) replaces the link only on the same origin,
 * so a page cannot claim another site's card. A player (og:video, twitter:player) makes a video card
 * whose embed is that player.
 */
export function readPageDetails(html: string, pageUrl: string): PageDetails {
  const { meta, title, canonical, oembed } = collectTags(html);
  const first = (...keys: string[]) => keys.map((k) => meta.get(k)).find((v) => v !== undefined && v.trim() !== "");
  const sameOrigin = (candidate: string) => (candidate && new URL(candidate).origin === new URL(pageUrl).origin ? candidate : "");
  const player = absoluteHttpUrl(first("og:video:secure_url", "og:video:url", "og:video", "twitter:player"), pageUrl);
  const width = positive(first("og:video:width", "twitter:player:width"));
  const height = positive(first("og:video:height", "twitter:player:height"));
  const author = clean(first("author", "article:author"));
  return {
    url: sameOrigin(absoluteHttpUrl(canonical, pageUrl)) || sameOrigin(absoluteHttpUrl(first("og:url"), pageUrl)) || pageUrl,
    title: clean(first("og:title", "twitter:title") ?? title),
    description: clean(first("og:description", "twitter:description", "description")),
    type: player ? "video" : "link",
    linkType: clean(first("og:type")).toLowerCase() === "article" ? "article" : "unknown",
    // article:author is often a profile URL rather than a name.
    authorName: /^https?:\/\//i.test(author) ? "" : author,
    authorUrl: /^https?:\/\//i.test(author) ? absoluteHttpUrl(author, pageUrl) : "",
    providerName: clean(first("og:site_name", "application-name")),
    providerUrl: "",
    html: player ? playerIframe(player, width, height) : "",
    width: player ? width : 0,
    height: player ? height : 0,
    embedUrl: player,
    imageUrl: absoluteHttpUrl(first("og:image:secure_url", "og:image:url", "og:image", "twitter:image", "twitter:image:src"), pageUrl),
    oembedUrl: absoluteHttpUrl(oembed, pageUrl),
  };
}

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The only embed HTML a card carries: an iframe built here around a checked http(s) URL. */
export function playerIframe(src: string, width: number, height: number): string {
  const size = (width > 0 ? ` width="${width}"` : "") + (height > 0 ? ` height="${height}"` : "");
  return `<iframe src="${attribute(src)}"${size} frameborder="0" allowfullscreen="true"></iframe>`;
}
