import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { Database } from "@starling/db";
import { removeInstanceBlock, saveInstanceBlock } from "../data/instance-silences-queries.ts";

/** Consumer group keeping timelines' read model of the moderation service's admin domain blocks. */
export const INSTANCE_BLOCKS_GROUP = "timelines.instance-blocks";

// Each event carries the block's whole state and removals leave tombstones: redelivery changes nothing.
const handlers: EventHandlers<Database> = {
  "admin_domain_block.created": async (p, _e, db) => saveInstanceBlock(db, p),
  "admin_domain_block.updated": async (p, _e, db) => saveInstanceBlock(db, p),
  "admin_domain_block.removed": async (p, _e, db) => removeInstanceBlock(db, p.blockId, p.domain),
};

/** Reads the moderation topic from its beginning into instance_domain_blocks. */
export function startInstanceBlocksConsumer(bus: EventBus, db: Database): Promise<Subscription> {
  return consumeEvents(bus, { topics: [TOPICS.moderation], group: INSTANCE_BLOCKS_GROUP, fromBeginning: true, handlers, context: () => db });
}
