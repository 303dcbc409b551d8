import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import { accountHandlers } from "./account-activities.ts";
import type { OutboundDeps } from "./deps.ts";
import { featuredHandlers } from "./featured-activities.ts";
import { followHandlers } from "./follow-activities.ts";
import { interactionHandlers } from "./interaction-activities.ts";
import { statusHandlers } from "./status-activities.ts";
import { reportHandlers } from "./report-activities.ts";

/** Consumer group turning domain events into outgoing activities. */
export const OUTBOUND_GROUP = "federation-outbound";

const handlers: EventHandlers<OutboundDeps> = { ...followHandlers, ...statusHandlers, ...interactionHandlers, ...accountHandlers, ...featuredHandlers, ...reportHandlers };

// No inbox row: each activity's id is fixed by its event and the delivery queue keeps one row per
// (activity, inbox), so a redelivered event queues nothing new.
/** Subscribes to the accounts, statuses and moderation topics and queues an activity for each event of a local account (or forwarded report). */
export function startOutboundConsumer(bus: EventBus, deps: OutboundDeps): Promise<Subscription> {
  return consumeEvents(bus, { topics: [TOPICS.accounts, TOPICS.statuses, TOPICS.moderation], group: OUTBOUND_GROUP, fromBeginning: true, handlers, context: () => deps });
}
