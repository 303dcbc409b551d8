import { randomUUID } from "node:crypto";
import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { CachedInstanceSettings } from "../clients/cached-instance-settings.ts";
import type { IpBlockList } from "../http/ip-block-list.ts";

/** This replica's copies of what moderation owns. */
export interface ModerationCopies {
  ipBlocks: IpBlockList;
  settings: CachedInstanceSettings;
}

const handlers: EventHandlers<ModerationCopies> = {
  "ip_block.created": async (_p, _e, copies) => copies.ipBlocks.invalidate(),
  "ip_block.updated": async (_p, _e, copies) => copies.ipBlocks.invalidate(),
  "ip_block.removed": async (_p, _e, copies) => copies.ipBlocks.invalidate(),
  "instance_settings.updated": async (_p, _e, copies) => copies.settings.invalidate(),
};

/**
 * Reloads this gateway's IP blocks and instance settings when staff change them. Each replica holds
 * its own copies, so each reads the moderation topic in a consumer group of its own, from the moment
 * it starts (its first lookup loads them as they are then).
 */
export function startModerationChangesConsumer(bus: EventBus, copies: ModerationCopies): Promise<Subscription> {
  return consumeEvents(bus, {
    topics: [TOPICS.moderation],
    group: `gateway.moderation-copies.${randomUUID()}`,
    fromBeginning: false,
    transient: true,
    handlers,
    context: () => copies,
  });
}
