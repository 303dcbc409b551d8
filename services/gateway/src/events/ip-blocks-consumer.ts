import { randomUUID } from "node:crypto";
import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { IpBlockList } from "../http/ip-block-list.ts";

const handlers: EventHandlers<IpBlockList> = {
  "ip_block.created": async (_p, _e, list) => list.invalidate(),
  "ip_block.updated": async (_p, _e, list) => list.invalidate(),
  "ip_block.removed": async (_p, _e, list) => list.invalidate(),
};

/**
 * Reloads this gateway's IP blocks when staff change them. Each replica holds its own copy, so each
 * reads the moderation topic in a consumer group of its own, from the moment it starts (its first
 * lookup loads the blocks as they are then).
 */
export function startIpBlocksConsumer(bus: EventBus, list: IpBlockList): Promise<Subscription> {
  return consumeEvents(bus, {
    topics: [TOPICS.moderation],
    group: `gateway.ip-blocks.${randomUUID()}`,
    fromBeginning: false,
    transient: true,
    handlers,
    context: () => list,
  });
}
