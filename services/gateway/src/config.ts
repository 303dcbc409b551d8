import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { flag, localDomainEnv, parseConfig, port, serverEnv } from "@starling/runtime";

/** Environment of the API gateway. */
export const gatewayEnv = z.object({
  ...serverEnv,
  // The gateway keeps no data; of these it uses only the key-value store (REDIS_URL) for rate-limit counters.
  ...infraEnv,
  /** gRPC port: the gateway serves only gRPC health there, for uniform probes. */
  GRPC_PORT: port(50050),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9100),
  /** Client API port (REST, OAuth). */
  PORT: port(3000),
  /** Address the client API binds to; 0.0.0.0 in containers. */
  HOST: z.string().default("127.0.0.1"),
  ...localDomainEnv,
  /** accounts service gRPC address. */
  ACCOUNTS_GRPC_URL: z.string().default("127.0.0.1:50051"),
  /** statuses service gRPC address. */
  STATUSES_GRPC_URL: z.string().default("127.0.0.1:50052"),
  /** timelines service gRPC address. */
  TIMELINES_GRPC_URL: z.string().default("127.0.0.1:50053"),
  /** federation service gRPC address (remote resolution for search). */
  FEDERATION_GRPC_URL: z.string().default("127.0.0.1:50054"),
  /** federation service HTTP base URL; ActivityPub, WebFinger and NodeInfo paths are forwarded there when the ingress does not route them itself. */
  FEDERATION_HTTP_URL: z.string().url().default("http://127.0.0.1:3001"),
  /** media service gRPC address (uploads, attachment lookups). */
  MEDIA_GRPC_URL: z.string().default("127.0.0.1:50055"),
  /** moderation service gRPC address (reports, admin actions, rules, blocks, the audit log). */
  MODERATION_GRPC_URL: z.string().default("127.0.0.1:50057"),
  /** trends service gRPC address (trending tags, posts and links, their review). */
  TRENDS_GRPC_URL: z.string().default("127.0.0.1:50056"),
  /** media service HTTP base URL; /system/* (stored media files) is forwarded there when the ingress does not route it itself. */
  MEDIA_HTTP_URL: z.string().url().default("http://127.0.0.1:3002"),
  /** Largest upload the gateway streams on (Mastodon's 40 MB video limit); the media service applies each type's own limit. */
  MEDIA_UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(41_943_040),
  /** How long an upload may stream and, on API v1, be processed before the gateway gives up (large videos take a while). */
  MEDIA_UPLOAD_DEADLINE_MS: z.coerce.number().int().positive().default(300_000),
  /** Instance title shown by /api/v1/instance and /api/v2/instance. */
  INSTANCE_TITLE: z.string().default("Starling"),
  /** Short description of the instance. */
  INSTANCE_DESCRIPTION: z.string().default("A Starling server"),
  /** Contact e-mail of the instance. */
  CONTACT_EMAIL: z.string().default(""),
  /** Signs the web session cookie of the sign-in and authorization pages (≥ 32 characters); unset, a key derived from VIEWER_TOKEN_SECRET is used. */
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  /** How long a resolved access token is trusted without asking the accounts service again. */
  TOKEN_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * Whether the streaming API wants a token even for public and hashtag streams; Mastodon asks for one
   * only in limited-federation, whitelist or authorized-fetch mode, so by default they are open.
   */
  STREAMING_REQUIRE_TOKEN: flag(false),
  /**
   * Whether GET /api/v1/instance/peers and /activity answer (Mastodon's peers_api_enabled and
   * activity_api_enabled settings); false, they are 404. Env flags until instance settings carry them.
   */
  SHOW_ACTIVITY: flag(true),
  /** Base URL of the streaming API when a proxy serves it on a host of its own (wss://streaming.example.com); unset, the instance's own URL. */
  STREAMING_API_BASE_URL: z.string().regex(/^wss?:\/\/[^/]+$/, "STREAMING_API_BASE_URL must be ws(s)://host[:port]").optional(),
  /** Bytes a streaming client may leave unread before it is dropped, so one slow client holds no memory and slows no one. */
  STREAMING_MAX_BUFFERED_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Interval of SSE heartbeat comments and WebSocket pings (a socket that missed the previous pong is closed). */
  STREAMING_HEARTBEAT_MS: z.coerce.number().int().positive().default(15_000),
  /** Longest time this gateway uses its copy of the IP blocks before asking moderation again (changes reload it at once). */
  IP_BLOCKS_MAX_AGE_MS: z.coerce.number().int().positive().default(60_000),
  /** Longest time this gateway uses its copy of the instance settings before asking moderation again (changes reload it at once). */
  INSTANCE_SETTINGS_MAX_AGE_MS: z.coerce.number().int().positive().default(60_000),
  /** Comma-separated client addresses never rate limited (Mastodon safelists loopback). */
  RATE_LIMIT_SAFELIST: z.string().default("127.0.0.1,::1").transform((list) => list.split(",").map((a) => a.trim()).filter(Boolean)),
});

export type GatewayConfig = z.infer<typeof gatewayEnv>;

/** Reads and validates the environment once at start-up. */
export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(gatewayEnv, env);
