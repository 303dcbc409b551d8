import type { PreviewCard, PreviewCardsServiceServer } from "@starling/proto/media/v1/preview_cards";
import type { AsyncHandlers } from "@starling/runtime";
import type { PreviewCardRecord } from "../domain/preview-card.ts";
import type { MediaDeps } from "../use-cases/deps.ts";
import { getPreviewCards } from "../use-cases/get-preview-cards.ts";

/** Record → proto, the thumbnail's storage key turned into its public URL under `baseUrl`. */
export function previewCardToProto(card: PreviewCardRecord, baseUrl: string): PreviewCard {
  return {
    id: card.id,
    url: card.url,
    title: card.title,
    description: card.description,
    type: card.type,
    authorName: card.authorName,
    authorUrl: card.authorUrl,
    providerName: card.providerName,
    providerUrl: card.providerUrl,
    html: card.html,
    width: card.width,
    height: card.height,
    imageUrl: card.imageKey ? `${baseUrl}/${card.imageKey}` : undefined,
    embedUrl: card.embedUrl,
    blurhash: card.blurhash ?? undefined,
    linkType: card.linkType,
    createdAt: card.createdAt,
  };
}

/** PreviewCardsService: decode → use case → encode. */
export function previewCardsHandlers(deps: Pick<MediaDeps, "db">, baseUrl: string): AsyncHandlers<PreviewCardsServiceServer> {
  return {
    async getPreviewCards(request) {
      return { cards: (await getPreviewCards(deps, request.ids)).map((card) => previewCardToProto(card, baseUrl)) };
    },
  };
}
