/**
 * Streams moderation's announcement events to every user stream: one message on the broadcast
 * announcements channel, which each gateway replica hears once and sends to all its `user`
 * streams. Live only, as notifications: the group starts at the topic's end, and a redelivery may
 * stream an event twice (clients replace an announcement by id and take reaction counts as totals).
 */
import { consumeEvents, streamChannels, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { KeyValueStore } from "@starling/kv";
import { StreamOutbox } from "../use-cases/stream-outbox.ts";

/** Consumer group of the announcement streaming. */
export const STREAM_ANNOUNCEMENTS_CONSUMER = "timelines.stream-announcements";

const everyone = [streamChannels.announcements()];

const handlers: EventHandlers<StreamOutbox> = {
  "announcement.published": async ({ announcement }, _envelope, stream) => stream.add(everyone, { event: "announcement", announcement }),
  "announcement.updated": async ({ announcement }, _envelope, stream) => stream.add(everyone, { event: "announcement", announcement }),
  "announcement.reaction": async (reaction, _envelope, stream) => stream.add(everyone, { event: "announcement.reaction", announcementReaction: reaction }),
  "announcement.deleted": async ({ announcementId }, _envelope, stream) => stream.add(everyone, { event: "announcement.delete", payload: announcementId }),
};

/** Subscribes the consumer that streams announcements. */
export async function startStreamAnnouncementsConsumer(bus: EventBus, kv: KeyValueStore): Promise<Subscription> {
  return consumeEvents(bus, {
    topics: [TOPICS.moderation],
    group: STREAM_ANNOUNCEMENTS_CONSUMER,
    fromBeginning: false,
    handlers,
    context: () => new StreamOutbox(),
    after: (stream) => stream.publish(kv),
  });
}
