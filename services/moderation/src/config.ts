import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { flag, localDomainEnv, parseConfig, port, serverEnv } from "@starling/runtime";

/** Environment of the moderation service. */
export const moderationEnv = z.object({
  ...serverEnv,
  ...infraEnv,
  ...localDomainEnv,
  /** gRPC port of the moderation services (and health). */
  GRPC_PORT: port(50057),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9107),
  /**
   * Who may read GET /api/v1/instance/domain_blocks (with the public comments): all (anyone), users
   * (signed-in users) or staff (those who may manage federation; Mastodon's default hides the list).
   */
  SHOW_DOMAIN_BLOCKS: z.enum(["all", "users", "staff"]).default("staff"),
  /** accounts service gRPC address: reported accounts, staff, suspensions and restrictions. */
  ACCOUNTS_GRPC_URL: z.string().default("127.0.0.1:50051"),
  /** statuses service gRPC address: the statuses a report cites. */
  STATUSES_GRPC_URL: z.string().default("127.0.0.1:50052"),
  /** Days a user has to appeal a strike (the spec's 20, as Mastodon). */
  APPEAL_WINDOW_DAYS: z.coerce.number().int().positive().default(20),
  /** Milliseconds between runs of the scheduler that publishes announcements when their `scheduled_at` comes. */
  ANNOUNCEMENTS_INTERVAL_MS: z.coerce.number().int().positive().default(2_000),
  /** Let webhook URLs be loopback and private addresses (refused at creation and delivery otherwise). Tests only. */
  ALLOW_PRIVATE_ADDRESSES: flag(false),
  /** Pause before a failed webhook delivery's first retry, in milliseconds; each next one doubles it. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(60_000),
  /** Tries of a webhook delivery before it is given up (12: the last about 34 hours after the first at the default pause). */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().positive().default(12),
  /** How often the webhook delivery queue is looked at when no new delivery wakes it, in milliseconds. */
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().positive().default(5_000),
});

export type ModerationConfig = z.infer<typeof moderationEnv>;

/** Reads and validates the environment once at start-up. */
export const loadModerationConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(moderationEnv, env);
