import { dispatchEvent, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import { accountHandlers } from "./account-activities.ts";
import type { OutboundDeps } from "./deps.ts";
import { featuredHandlers } from "./featured-activities.ts";
import { followHandlers } from "./follow-activities.ts";
import { interactionHandlers } from "./interaction-activities.ts";
import { statusHandlers } from "./status-activities.ts";

/** Consumer group turning domain events into outgoing activities. */
export const OUTBOUND_GROUP = "federation-outbound";

const handlers: EventHandlers<OutboundDeps> = { ...followHandlers, ...statusHandlers, ...interactionHandlers, ...accountHandlers, ...featuredHandlers };

// No inbox row: each activity's id is fixed by its event and the delivery queue keeps one row per
// (activity, inbox), so a redelivered event queues nothing new.
/** Subscribes to the accounts and statuses topics and queues an activity for each event of a local account. */
export function startOutboundConsumer(bus: EventBus, deps: OutboundDeps): Promise<Subscription> {
  return bus.subscribe({
    topics: [TOPICS.accounts, TOPICS.statuses],
    group: OUTBOUND_GROUP,
    fromBeginning: true,
    handler: async (envelope) => {
      await dispatchEvent(handlers, envelope, deps);
    },
  });
}
