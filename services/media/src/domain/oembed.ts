import { Parser } from "htmlparser2";
import { playerIframe } from "./page-details.ts";
import { absoluteHttpUrl, type CardDetails } from "./preview-card.ts";

const text = (value: unknown) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "");
const dimension = (value: unknown) => {
  const n = typeof value === "number" ? value : Number.parseInt(text(value), 10);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
};

/** The src of the first iframe in oEmbed HTML, when it is http(s); scripts and the rest are dropped. */
function iframeSource(html: string, base: string): string {
  let src = "";
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === "iframe" && !src) src = absoluteHttpUrl(attrs.src, base);
    },
  });
  parser.end(html);
  return src;
}

/**
 * Lays an oEmbed answer over what the page's tags said. Photos need a URL (it becomes image and
 * embed); videos keep only an iframe rebuilt around their player's http(s) URL; `rich` embeds rely
 * on scripts, so, as Mastodon does, they are ignored and the tags stand. Returns the tags unchanged
 * for anything that is not a usable oEmbed object.
 */
export function applyOEmbed(details: CardDetails, answer: unknown, endpoint: string): CardDetails {
  if (typeof answer !== "object" || answer === null) return details;
  const o = answer as Record<string, unknown>;
  const common = {
    ...details,
    title: text(o.title) || details.title,
    authorName: text(o.author_name) || details.authorName,
    authorUrl: absoluteHttpUrl(text(o.author_url), endpoint) || details.authorUrl,
    providerName: text(o.provider_name) || details.providerName,
    providerUrl: absoluteHttpUrl(text(o.provider_url), endpoint) || details.providerUrl,
  };
  const thumbnail = absoluteHttpUrl(text(o.thumbnail_url), endpoint);
  const [width, height] = [dimension(o.width), dimension(o.height)];
  switch (o.type) {
    case "link":
      return { ...common, imageUrl: thumbnail || details.imageUrl };
    case "photo": {
      const url = absoluteHttpUrl(text(o.url), endpoint);
      return url ? { ...common, type: "photo", embedUrl: url, imageUrl: url, width, height, html: "" } : details;
    }
    case "video": {
      const player = iframeSource(text(o.html), endpoint);
      if (!player) return details;
      return { ...common, type: "video", html: playerIframe(player, width, height), embedUrl: player, width, height, imageUrl: thumbnail || details.imageUrl };
    }
    default:
      return details;
  }
}
