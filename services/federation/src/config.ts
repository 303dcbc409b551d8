import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { flag, localDomainEnv, parseConfig, port, serverEnv } from "@starling/runtime";

/** Environment of the federation service. */
export const federationEnv = z.object({
  ...serverEnv,
  ...infraEnv,
  /** gRPC port: FederationService (resolution, deliveries) and health. */
  GRPC_PORT: port(50054),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9104),
  /** HTTP port other servers reach: WebFinger, NodeInfo, ActivityPub. */
  HTTP_PORT: port(3001),
  /** Address the HTTP port binds to; 0.0.0.0 in containers. */
  HTTP_HOST: z.string().default("127.0.0.1"),
  ...localDomainEnv,
  /** Instance title, reported as NodeInfo metadata.nodeName. */
  INSTANCE_TITLE: z.string().default("Starling"),
  /** accounts service gRPC address. */
  ACCOUNTS_GRPC_URL: z.string().default("127.0.0.1:50051"),
  /** statuses service gRPC address. */
  STATUSES_GRPC_URL: z.string().default("127.0.0.1:50052"),
  /** media service gRPC address (attachments of local statuses rendered as ActivityPub). */
  MEDIA_GRPC_URL: z.string().default("127.0.0.1:50055"),
  /** moderation service gRPC address: inbound Flags become reports there. */
  MODERATION_GRPC_URL: z.string().default("127.0.0.1:50057"),
  /**
   * Lets Fedify fetch private and loopback addresses. A test setting for instances talking on
   * 127.0.0.1; never set it in production (it turns off the guard against server-side request forgery).
   */
  FEDERATION_ALLOW_PRIVATE_ADDRESS: flag(false),
  /**
   * Mastodon's AUTHORIZED_FETCH ("secure mode"): actors, statuses and their collections answer only
   * GETs signed by a remote actor (401 otherwise). WebFinger, NodeInfo and the instance actor stay open.
   */
  AUTHORIZED_FETCH: flag(false),
  /**
   * Mastodon's LIMITED_FEDERATION_MODE: only servers staff allowed (admin domain allows) are heard
   * from and delivered to; every other server is treated as suspended.
   */
  LIMITED_FEDERATION_MODE: flag(false),
  /** Deadline of one delivery POST to a remote inbox, in milliseconds. */
  DELIVERY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Tries of one delivery before it is given up (Mastodon: 16, over about two and a half days). */
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().positive().default(16),
  /** Multiplies the delivery backoff; a test setting (0.001 turns its seconds into milliseconds). */
  DELIVERY_BACKOFF_SCALE: z.coerce.number().positive().default(1),
  /** Consecutive failures that open a host's circuit (no deliveries tried while open). */
  DELIVERY_CIRCUIT_THRESHOLD: z.coerce.number().int().positive().default(5),
  /** First open period of a host's circuit in milliseconds; doubles with each reopening. */
  DELIVERY_CIRCUIT_OPEN_MS: z.coerce.number().int().positive().default(60_000),
  /** Longest open period of a host's circuit, in milliseconds. */
  DELIVERY_CIRCUIT_MAX_OPEN_MS: z.coerce.number().int().positive().default(86_400_000),
  /** Delivery requests in flight to one host at a time, per process. */
  DELIVERY_HOST_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** How often due retries are looked for, in milliseconds. */
  DELIVERY_SCHEDULER_INTERVAL_MS: z.coerce.number().int().positive().default(5_000),
  /** How long delivered rows of the queue are kept, in milliseconds (a day); then they are pruned. */
  DELIVERY_KEEP_DELIVERED_MS: z.coerce.number().int().nonnegative().default(86_400_000),
  /** How long given-up (dead) rows are kept for inspection, in milliseconds (two weeks). */
  DELIVERY_KEEP_DEAD_MS: z.coerce.number().int().nonnegative().default(1_209_600_000),
});

export type FederationConfig = z.infer<typeof federationEnv>;

/** Reads and validates the environment once at start-up. */
export const loadFederationConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(federationEnv, env);
