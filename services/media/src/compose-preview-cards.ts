import type { InfraProvider } from "@starling/platform";
import { PreviewCardsServiceDefinition } from "@starling/proto/media/v1/preview_cards";
import type { ServiceContext } from "@starling/runtime";
import type { MediaConfig } from "./config.ts";
import { startPreviewCardConsumer } from "./events/preview-card-consumer.ts";
import { previewCardsHandlers } from "./grpc/preview-cards-handlers.ts";
import type { MediaDeps } from "./use-cases/deps.ts";
import type { PreviewCardDeps } from "./use-cases/preview-card-deps.ts";

/**
 * Starts the preview card fetcher (a consumer of status.created) and returns PreviewCardsService for
 * the gRPC server. Kept apart from service.ts so cards are wired in one place.
 */
export async function startPreviewCards(config: MediaConfig, context: ServiceContext, infra: InfraProvider, deps: MediaDeps, baseUrl: string) {
  const cardDeps: PreviewCardDeps = {
    ...deps,
    // The relay may be attached to `deps` after this; always nudge the current one.
    nudgeRelay: () => deps.nudgeRelay(),
    cards: {
      allowPrivate: config.ALLOW_PRIVATE_ADDRESSES,
      timeoutMs: config.PREVIEW_CARD_TIMEOUT_MS,
      retryAfterMs: config.PREVIEW_CARD_RETRY_AFTER_MS,
      localHost: config.LOCAL_DOMAIN,
    },
  };
  const subscription = await startPreviewCardConsumer(infra.bus(), cardDeps);
  context.shutdown.add("workers", "media preview card consumer", () => subscription.stop());
  return { definition: PreviewCardsServiceDefinition, handlers: previewCardsHandlers(deps, baseUrl) };
}
