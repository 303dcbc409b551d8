import type { PreviewCard } from "@starling/proto/media/v1/preview_cards";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import type { RouteContext } from "../http/route.ts";

/**
 * Renders Mastodon's PreviewCard (reference §4.14): unknown text fields are "" as in Mastodon,
 * while `image` and `blurhash` are null when the card has no image.
 */
export function presentPreviewCard(card: PreviewCard): Record<string, unknown> {
  return {
    url: card.url,
    title: card.title,
    description: card.description,
    type: card.type || "link",
    author_name: card.authorName,
    author_url: card.authorUrl,
    provider_name: card.providerName,
    provider_url: card.providerUrl,
    html: card.html,
    width: card.width,
    height: card.height,
    image: card.imageUrl ?? null,
    embed_url: card.embedUrl,
    blurhash: card.blurhash ?? null,
  };
}

/** The rendered cards of these statuses by card id, with ONE media call for all of them (none when no status has a card). */
export async function loadPreviewCards(ctx: RouteContext, statuses: readonly Status[]): Promise<Map<string, Record<string, unknown>>> {
  const ids = [...new Set(statuses.map((s) => s.cardId).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const { cards } = await ctx.clients.previewCards.getPreviewCards({ ids }, { viewerToken: ctx.viewerToken });
  return new Map(cards.map((card) => [card.id, presentPreviewCard(card)]));
}
