import type { MediaDeps } from "./deps.ts";

/** How preview cards are fetched. */
export interface CardSettings {
  /** Fetch pages on loopback and private addresses too (tests on 127.0.0.1 only). */
  allowPrivate: boolean;
  /** Deadline of each fetch (page, oEmbed, image), redirects included, in milliseconds. */
  timeoutMs: number;
  /** How long a link whose fetch failed is left alone, in milliseconds. */
  retryAfterMs: number;
  /** `host[:port]` of this instance: links to itself get no card, as in Mastodon. */
  localHost: string;
}

/** What the preview card use cases run with: the media deps plus the card settings. */
export interface PreviewCardDeps extends MediaDeps {
  cards: CardSettings;
}
