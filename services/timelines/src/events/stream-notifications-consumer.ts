/**
 * Streams each stored notification to its recipient: notification.created (published by this
 * service's own outbox) becomes a `notification` message on the recipient's notifications channel;
 * filters.changed (one per filter change, however many keywords it touched) a `filters_changed`
 * message on the owner's user channel.
 * Streams are live only: the group starts at the topic's end, and a redelivery may stream a
 * notification twice (clients key notifications by id), so there is no inbox row to keep.
 */
import { consumeEvents, streamChannels, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { KeyValueStore } from "@starling/kv";
import { StreamOutbox } from "../use-cases/stream-outbox.ts";

/** Consumer group of the notification streaming. */
export const STREAM_NOTIFICATIONS_CONSUMER = "timelines.stream-notifications";

const handlers: EventHandlers<StreamOutbox> = {
  "notification.created": async (notification, _envelope, stream) => {
    stream.add([streamChannels.notifications(notification.accountId)], { event: "notification", notification });
  },
  "filters.changed": async ({ accountId }, _envelope, stream) => {
    stream.add([streamChannels.home(accountId)], { event: "filters_changed" });
  },
};

/** Subscribes the consumer that streams notifications. */
export async function startStreamNotificationsConsumer(bus: EventBus, kv: KeyValueStore): Promise<Subscription> {
  return consumeEvents(bus, {
    topics: [TOPICS.timelines],
    group: STREAM_NOTIFICATIONS_CONSUMER,
    fromBeginning: false,
    handlers,
    context: () => new StreamOutbox(),
    after: (stream) => stream.publish(kv),
  });
}
