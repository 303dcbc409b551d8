/**
 * The EventBus port: what services need from a message broker, independent of Kafka. Both adapters
 * (kafka-bus.ts, embedded-bus.ts) keep the same semantics, checked by one contract suite (contract.ts).
 */
import type { Transaction } from "@starling/db";
import type { Envelope } from "@starling/proto/events/v1/envelope";

/** An event as it travels on the bus: the generated `starling.events.v1.Envelope` message. */
export type EventEnvelope = Envelope;

/**
 * Where a dead-lettered message came from. Present on messages read from a `<topic>.dlq` topic, so a
 * redrive tool can tell which consumer gave up on what.
 */
export interface DeadLetterProvenance {
  /** The topic the message was first published to (without the `.dlq` suffix). */
  topic: string;
  /** Partition of the original message. */
  partition: number;
  /** Offset of the original message in that partition, as a decimal string. */
  offset: string;
  /** The consumer group whose handler failed. */
  group: string;
  /** Message of the last error the handler threw. */
  error: string;
}

/** Facts about one delivery, passed to the handler beside the envelope. */
export interface DeliveryMeta {
  /** Logical topic name (without any adapter prefix). */
  topic: string;
  /** Partition the message sits in. */
  partition: number;
  /** Offset within the partition, as a decimal string (Kafka offsets exceed 2^53). */
  offset: string;
  /** 1 on the first try, then 2, 3, ... while the handler keeps failing. */
  attempt: number;
  /** Set only when the message was read from a dead-letter topic. */
  deadLetter?: DeadLetterProvenance;
}

/** Handles one message; a rejection means "try again later", a resolution means "done, commit". */
export type EventHandler = (envelope: EventEnvelope, meta: DeliveryMeta) => Promise<void>;

/** What a consumer asks for when it subscribes. */
export interface SubscribeOptions {
  /** Logical topics to read, for example `["starling.statuses.v1"]`. */
  topics: string[];
  /** Consumer group: every group gets every message once; members of one group share partitions. */
  group: string;
  /** Called once per message and partition in offset order; retried while it rejects. */
  handler: EventHandler;
  /** Tries before the message goes to `<topic>.dlq` (default 5). */
  maxAttempts?: number;
  /** Pause before the second try in milliseconds; doubles each try up to maxBackoffMs (default 100). */
  backoffMs?: number;
  /** Upper bound of the pause between tries in milliseconds (default 30 000). */
  maxBackoffMs?: number;
  /** Where a group with no committed position starts: the oldest retained message or only new ones. */
  fromBeginning?: boolean;
  /**
   * The group lives only as long as its subscriptions in this process: a per-replica broadcast such
   * as a cache invalidation, named afresh at each start. A durable bus keeps no position and no
   * message for it, so the groups of past processes do not pin messages forever; Kafka lets such a
   * group's offsets expire.
   */
  transient?: boolean;
}

/** How a message is published. */
export interface PublishOptions {
  /**
   * The publisher's open database transaction (the outbox relay's). A bus that keeps its messages in
   * that database (the durable embedded bus) writes them in it, so they exist exactly when it commits
   * and are delivered only then; a broker (Kafka) holds them at once and ignores it.
   */
  transaction?: Transaction;
}

/** A running consumer. */
export interface Subscription {
  /** Stops taking messages, waits for the one in hand, commits nothing that was not handled. */
  stop(): Promise<void>;
}

/**
 * Topics of events keyed by aggregate id, consumer groups, at-least-once delivery with retries and a
 * dead-letter topic. Publishing resolves once the broker holds the messages; delivery is always
 * asynchronous, never inside `publish` (consumers may need the database connection the publisher holds).
 */
export interface EventBus {
  /** Appends envelopes to a topic; envelopes with one `key` land in one partition, in this order. */
  publish(topic: string, envelopes: EventEnvelope[], options?: PublishOptions): Promise<void>;
  /** Starts a consumer; resolves once it is part of its group, so messages published after are seen. */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Rejects when the broker cannot be reached (readiness probes call it). */
  ping(): Promise<void>;
  /** Stops every subscription and releases connections; publishing afterwards rejects. */
  close(): Promise<void>;
}

/** The logging the adapters need; a pino logger fits. */
export interface EventLogger {
  /** Something went wrong and will be retried. */
  warn(fields: object, message: string): void;
  /** Something went wrong and needs a person. */
  error(fields: object, message: string): void;
}

/** Name of the dead-letter topic of `topic`. */
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

/** Default number of tries before dead-lettering. */
export const DEFAULT_MAX_ATTEMPTS = 5;
/** Default first pause between tries, in milliseconds. */
export const DEFAULT_BACKOFF_MS = 100;
/** Default cap on the pause between tries, in milliseconds. */
export const DEFAULT_MAX_BACKOFF_MS = 30_000;
