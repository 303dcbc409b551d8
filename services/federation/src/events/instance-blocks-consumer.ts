import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { Database } from "@starling/db";
import { removeDomainAllow, removeDomainBlock, saveDomainAllow, saveDomainBlock } from "../data/instance-blocks-queries.ts";

/** Consumer group keeping federation's read model of the moderation service's domain blocks and allows. */
export const INSTANCE_BLOCKS_GROUP = "federation.instance-blocks";

// Each event carries a block's whole state and removals leave tombstones, so a redelivered or late
// event writes what is already there: no processed-events row is needed.
const handlers: EventHandlers<Database> = {
  "admin_domain_block.created": async (p, _e, db) => saveDomainBlock(db, p),
  "admin_domain_block.updated": async (p, _e, db) => saveDomainBlock(db, p),
  "admin_domain_block.removed": async (p, _e, db) => removeDomainBlock(db, p.blockId, p.domain),
  "domain_allow.created": async (p, _e, db) => saveDomainAllow(db, p.allowId, p.domain),
  "domain_allow.removed": async (p, _e, db) => removeDomainAllow(db, p.allowId, p.domain),
};

/** Reads the moderation topic from its beginning into the instance_domain_blocks and instance_domain_allows tables. */
export function startInstanceBlocksConsumer(bus: EventBus, db: Database): Promise<Subscription> {
  return consumeEvents(bus, { topics: [TOPICS.moderation], group: INSTANCE_BLOCKS_GROUP, fromBeginning: true, handlers, context: () => db });
}
