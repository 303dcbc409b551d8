import type { Database } from "@starling/db";
import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import { deleteRemoteEmojisOfDomain } from "../data/custom-emojis-queries.ts";

/** Consumer group deleting a server's custom emojis when staff reject its media. */
export const REJECTED_MEDIA_GROUP = "statuses.rejected-media";

// Deleting what is already gone changes nothing, so redeliveries need no processed-events row.
const handlers: EventHandlers<Database> = {
  "admin_domain_block.created": async (p, _e, db) => void (p.rejectMedia && (await deleteRemoteEmojisOfDomain(db, p.domain))),
  "admin_domain_block.updated": async (p, _e, db) => void (p.rejectMedia && (await deleteRemoteEmojisOfDomain(db, p.domain))),
};

/**
 * Subscribes statuses to the moderation topic: a domain block with reject_media (new, or changed
 * to it) deletes that server's emojis at once, so its texts show plain shortcodes, as Mastodon
 * does; the federation service stores none of its emojis from then on. From now on only: a block
 * older than this consumer already kept its server's new emojis out.
 */
export function startRejectedMediaConsumer(bus: EventBus, db: Database): Promise<Subscription> {
  return consumeEvents(bus, { topics: [TOPICS.moderation], group: REJECTED_MEDIA_GROUP, fromBeginning: false, handlers, context: () => db });
}
