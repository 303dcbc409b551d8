import type { Database } from "@starling/db";
import type { EventBus, EventLogger } from "@starling/events";
import type { FederationConfig } from "../config.ts";

/** Topic of delivery jobs: each message names one due row of `deliveries`, keyed by the inbox host. */
export const DELIVERY_TOPIC = "starling.federation.deliveries.v1";
/** Envelope type of a delivery job; work for this service only, so it is not in the event catalog. */
export const DELIVERY_JOB_TYPE = "federation.delivery_job";

/** What the delivery queue works with. */
export interface DeliveryDeps {
  /** The federation schema: deliveries, delivery_activities, delivery_hosts, actor_keys. */
  db: Database;
  /** Carries job messages (Kafka in production, the in-process bus embedded). */
  bus: EventBus;
  now: () => Date;
  /** Ids of new delivery rows (time-ordered, as createIdGenerator makes them). */
  newId: () => string;
  logger?: EventLogger;
  /** LIMITED_FEDERATION_MODE: only allowed servers are delivered to. */
  limitedFederation?: boolean;
}

/** The settings of the service's config the queue reads. */
export type DeliveryConfig = Pick<
  FederationConfig,
  | "DELIVERY_TIMEOUT_MS" | "DELIVERY_MAX_ATTEMPTS" | "DELIVERY_BACKOFF_SCALE" | "DELIVERY_CIRCUIT_THRESHOLD" | "DELIVERY_CIRCUIT_OPEN_MS"
  | "DELIVERY_CIRCUIT_MAX_OPEN_MS" | "DELIVERY_HOST_CONCURRENCY" | "DELIVERY_SCHEDULER_INTERVAL_MS" | "FEDERATION_ALLOW_PRIVATE_ADDRESS"
  | "DELIVERY_KEEP_DELIVERED_MS" | "DELIVERY_KEEP_DEAD_MS"
>;

/** How deliveries are attempted, retried and spread; service.ts fills it from the config. */
export interface DeliverySettings {
  /** Deadline of one POST, in milliseconds. */
  timeoutMs: number;
  /** Tries of one delivery before it is dead. */
  maxAttempts: number;
  /** Multiplies the backoff (1: seconds as Mastodon waits; tests use 0.001 for milliseconds). */
  backoffScale: number;
  /** Consecutive failures that open a host's circuit. */
  circuitThreshold: number;
  /** First open period of a circuit, in milliseconds; it doubles with each reopening since the last success. */
  circuitOpenMs: number;
  /** Longest open period, in milliseconds. */
  circuitMaxOpenMs: number;
  /** Requests in flight to one host at a time. */
  hostConcurrency: number;
  /** Requests in flight in this process at a time, all hosts together. */
  concurrency: number;
  /** Jobs one host may have waiting in memory; further ones are left to the scheduler. */
  hostBacklog: number;
  /** How often the scheduler looks for due rows, in milliseconds. */
  schedulerIntervalMs: number;
  /** How long a worker holds a row it attempts; past it the row counts as abandoned (worker died). */
  leaseMs: number;
  /** How long a job message may go unanswered before the scheduler sends another. */
  republishAfterMs: number;
  /** Deliver to loopback and private addresses too (tests; never in production). */
  allowPrivateAddress: boolean;
  /** How long delivered rows are kept before they are pruned, in milliseconds. */
  keepDeliveredMs: number;
  /** How long dead rows are kept for inspection before they are pruned, in milliseconds. */
  keepDeadMs: number;
  /** How often finished rows are pruned, in milliseconds. */
  pruneIntervalMs: number;
}

/** The delivery settings of the service's config, with the rest at their defaults (tests override any). */
export function deliverySettings(config: DeliveryConfig, overrides: Partial<DeliverySettings> = {}): DeliverySettings {
  const timeoutMs = overrides.timeoutMs ?? config.DELIVERY_TIMEOUT_MS;
  // A lease outlives the request's deadline with room for signing and the database writes around it.
  const leaseMs = overrides.leaseMs ?? timeoutMs + 30_000;
  return {
    timeoutMs,
    maxAttempts: config.DELIVERY_MAX_ATTEMPTS,
    backoffScale: config.DELIVERY_BACKOFF_SCALE,
    circuitThreshold: config.DELIVERY_CIRCUIT_THRESHOLD,
    circuitOpenMs: config.DELIVERY_CIRCUIT_OPEN_MS,
    circuitMaxOpenMs: config.DELIVERY_CIRCUIT_MAX_OPEN_MS,
    hostConcurrency: config.DELIVERY_HOST_CONCURRENCY,
    concurrency: 64,
    hostBacklog: 1_000,
    schedulerIntervalMs: config.DELIVERY_SCHEDULER_INTERVAL_MS,
    leaseMs,
    republishAfterMs: Math.max(leaseMs, 60_000),
    allowPrivateAddress: config.FEDERATION_ALLOW_PRIVATE_ADDRESS,
    keepDeliveredMs: config.DELIVERY_KEEP_DELIVERED_MS,
    keepDeadMs: config.DELIVERY_KEEP_DEAD_MS,
    // Ten minutes: rows are kept for hours or days, so pruning need not run often.
    pruneIntervalMs: 600_000,
    ...overrides,
  };
}
