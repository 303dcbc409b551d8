import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { localDomainEnv, parseConfig, port, serverEnv } from "@starling/runtime";

/** Environment of the statuses service. */
export const statusesEnv = z.object({
  ...serverEnv,
  ...infraEnv,
  /** gRPC port of StatusesService (and health). */
  GRPC_PORT: port(50052),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9102),
  /** host:port of the accounts service (usernames for status URLs, follows for private statuses). */
  ACCOUNTS_GRPC_URL: z.string().default("127.0.0.1:50051"),
  /** host:port of the media service (attaching uploads to new statuses). */
  MEDIA_GRPC_URL: z.string().default("127.0.0.1:50055"),
  /** Milliseconds between runs of the scheduler that posts due scheduled statuses. */
  SCHEDULED_STATUSES_INTERVAL_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * How far ahead a scheduled status must be to wait (Mastodon: 5 minutes; closer ones post at
   * once). Lowered only by tests that watch a real clock post one, e.g. the end-to-end suite.
   */
  SCHEDULED_STATUSES_MIN_LEAD_MS: z.coerce.number().int().min(0).default(5 * 60_000),
  /** Milliseconds between runs of the scheduler that announces ended polls (poll.ended, for poll notifications). */
  POLLS_ENDED_INTERVAL_MS: z.coerce.number().int().positive().default(5_000),
  /** Shortest poll duration in seconds (Mastodon: 300). A test setting: e2e runs lower it to see a poll end; never lower it in production. */
  POLL_MIN_EXPIRATION_SECONDS: z.coerce.number().int().min(1).default(300),
  ...localDomainEnv,
  /** DeepL API key; set, it makes DeepL the translation backend (it wins over LibreTranslate). */
  DEEPL_API_KEY: z.string().default(""),
  /** DeepL plan of that key: free keys work on api-free.deepl.com only, pro keys on api.deepl.com. */
  DEEPL_PLAN: z.enum(["free", "pro"]).default("free"),
  /** Overrides the DeepL base URL that DEEPL_PLAN picks (a proxy, or a test server). */
  DEEPL_API_URL: z.string().url().optional(),
  /** Base URL of a LibreTranslate server; set (and no DeepL key), it is the translation backend. */
  LIBRE_TRANSLATE_ENDPOINT: z.string().url().optional(),
  /** The LibreTranslate server's API key, when it requires one. */
  LIBRE_TRANSLATE_API_KEY: z.string().optional(),
  /** How long one request to the translation backend may take before the client gets 503. */
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How long the backend's list of supported language pairs is reused before it is asked again. */
  TRANSLATION_LANGUAGES_TTL_MS: z.coerce.number().int().positive().default(60 * 60 * 1000),
});

export type StatusesConfig = z.infer<typeof statusesEnv>;

/** Reads and validates the environment once at start-up. */
export const loadStatusesConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(statusesEnv, env);
