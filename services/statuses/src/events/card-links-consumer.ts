import type { Database, Transaction } from "@starling/db";
import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import { setStatusCard } from "../data/status-cards-queries.ts";

/** Consumer group (and inbox consumer name) that links statuses to the preview cards media fetched. */
export const CARD_LINKS_GROUP = "statuses.card-links";

// Runs inside the inbox transaction: the inbox row and the link commit together.
const handlers: EventHandlers<{ db: Database; trx: Transaction }> = {
  "card.created": async (payload, _envelope, { db, trx }) => {
    await setStatusCard(db, trx, payload.statusId, payload.cardId);
  },
};

/** Subscribes to the media topic for card.created. */
export function startCardLinksConsumer(db: Database, bus: EventBus): Promise<Subscription> {
  // Only card.created matters here; other media events leave no inbox row.
  return consumeEvents(bus, { topics: [TOPICS.media], group: CARD_LINKS_GROUP, fromBeginning: true, handlers, context: () => ({ db }), inbox: { db } });
}
