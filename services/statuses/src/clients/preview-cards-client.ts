import { connectService, type AsyncClient } from "@starling/runtime";
import { PreviewCardsServiceClient } from "@starling/proto/media/v1/preview_cards";

/** Connects to the preview cards service of the media process at `address` (host:port). */
export function connectPreviewCards(address: string, deadlineMs: number): AsyncClient<PreviewCardsServiceClient> {
  return connectService(PreviewCardsServiceClient, address, { deadlineMs });
}
