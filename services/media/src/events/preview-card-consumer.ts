import { consumeEvents, handleOnce, TOPICS, type EventBus, type EventHandlers, type Subscription, enqueueEvents, outboxEvent } from "@starling/events";
import { fetchPreviewCard } from "../use-cases/fetch-preview-card.ts";
import type { PreviewCardDeps } from "../use-cases/preview-card-deps.ts";

/** Consumer group (and inbox consumer name) that fetches preview cards for new local statuses. */
export const PREVIEW_CARDS_GROUP = "media.preview-cards";

/** Whether a link points at this instance itself, which gets no card (Mastodon skips local URLs). */
function isOwnLink(link: string, localHost: string): boolean {
  try {
    return new URL(link).host.toLowerCase() === localHost.toLowerCase();
  } catch {
    return true;
  }
}

// The page is fetched before handleOnce's transaction opens: a network wait must not hold a
// pooled connection (the embedded pool is small). Fetching is idempotent by itself (one card per
// link, found again on a redelivery); only card.created is written once, with the inbox row.
const handlers: EventHandlers<PreviewCardDeps> = {
  "status.created": async (payload, envelope, deps) => {
    const link = payload.firstLinkUrl;
    if (!payload.local || !link || isOwnLink(link, deps.cards.localHost)) return;
    const card = await fetchPreviewCard(deps, link);
    if (!card) return;
    const emitted = await handleOnce(deps.db, PREVIEW_CARDS_GROUP, envelope, (trx) =>
      enqueueEvents(deps.db, trx, [outboxEvent("media", "card.created", payload.statusId, { statusId: payload.statusId, cardId: card.id, url: link, linkType: card.linkType, cardUrl: card.url })]),
    );
    if (emitted) deps.nudgeRelay();
  },
};

/** Subscribes the preview card fetcher to the statuses topic. */
export function startPreviewCardConsumer(bus: EventBus, deps: PreviewCardDeps): Promise<Subscription> {
  return consumeEvents(bus, { topics: [TOPICS.statuses], group: PREVIEW_CARDS_GROUP, fromBeginning: true, handlers, context: () => deps });
}
