/**
 * @starling/events: the EventBus port with its Kafka and embedded adapters, the transactional outbox
 * and its relay, the inbox for idempotent consumers, and the catalog of event types. The adapter
 * contract suite is test-only and lives at `@starling/events/contract`.
 */
export type {
  DeadLetterProvenance,
  DeliveryMeta,
  EventBus,
  EventEnvelope,
  EventHandler,
  EventLogger,
  PublishOptions,
  SubscribeOptions,
  Subscription,
} from "./event-bus.ts";
export { DEFAULT_BACKOFF_MS, DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_BACKOFF_MS, deadLetterTopic } from "./event-bus.ts";
export { createEmbeddedBus } from "./embedded-bus.ts";
export type { EmbeddedBus, EmbeddedBusOptions } from "./embedded-bus.ts";
export { busStoreMigration, openBusStore } from "./embedded-bus-store.ts";
export type { BusStore } from "./embedded-bus-store.ts";
export type { ChaosOptions } from "./chaos-order.ts";
export { createKafkaBus } from "./kafka-bus.ts";
export type { KafkaBusOptions } from "./kafka-bus.ts";
export { OUTBOX_TABLE, enqueueEvents, newEnvelope, outboxEvent, outboxMigration } from "./outbox.ts";
export type { NewEnvelopeInput, OutboxEvent } from "./outbox.ts";
export { createOutboxRelay } from "./outbox-relay.ts";
export type { OutboxRelay, OutboxRelayOptions } from "./outbox-relay.ts";
export { createPollingLoop } from "./polling-loop.ts";
export type { PollingLoop, PollingLoopOptions } from "./polling-loop.ts";
export { INBOX_TABLE, handleOnce, inboxMigration } from "./inbox.ts";
export { consumeEvents } from "./consume-events.ts";
export type { ConsumeEventsOptions, InboxConsumer, InboxTransaction, PlainConsumer } from "./consume-events.ts";
export { deadLetterHeaders, provenanceFromHeaders } from "./dead-letter-headers.ts";
export {
  EVENT_CATALOG,
  TOPICS,
  decodePayload,
  encodePayload,
  isKnownEventType,
} from "./catalog.ts";
export type { EventHandlers, EventType, PayloadOf } from "./catalog.ts";
export { decodeStreamMessage, encodeStreamMessage, streamChannels } from "./stream-channels.ts";
export type { PublicScope } from "./stream-channels.ts";
