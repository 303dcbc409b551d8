import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { flag, localDomainEnv, parseConfig, port, serverEnv } from "@starling/runtime";

/** Environment of the trends service. */
export const trendsEnv = z.object({
  ...serverEnv,
  ...infraEnv,
  ...localDomainEnv,
  /** gRPC port of trends (and of search, the directory and suggestions), and health. */
  GRPC_PORT: port(50056),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9106),
  /** accounts service gRPC address: staff to notify, accounts to show. */
  ACCOUNTS_GRPC_URL: z.string().default("127.0.0.1:50051"),
  /** statuses service gRPC address. */
  STATUSES_GRPC_URL: z.string().default("127.0.0.1:50052"),
  /** Whether trends are shown to users at all (Mastodon's trends setting); staff still review them. */
  TRENDS_ENABLED: flag(true),
  /** Whether tags, links and posts nobody reviewed may trend (Mastodon's trendable_by_default; off: review first). */
  TRENDABLE_BY_DEFAULT: flag(false),
  /** How often the scheduler recomputes trend scores (one replica does it per interval). */
  TRENDS_REFRESH_INTERVAL_MS: z.coerce.number().int().positive().default(300_000),
  /** Distinct accounts that must use a hashtag within the 7 daily buckets before it can trend. */
  TRENDS_TAG_MIN_ACCOUNTS: z.coerce.number().int().positive().default(5),
  /** Distinct accounts that must reblog or favourite a post before it can trend. */
  TRENDS_STATUS_MIN_INTERACTIONS: z.coerce.number().int().positive().default(5),
  /** Distinct accounts that must share a link before it can trend (the spec's 15). */
  TRENDS_LINK_MIN_ACCOUNTS: z.coerce.number().int().positive().default(15),
});

export type TrendsConfig = z.infer<typeof trendsEnv>;

/** Reads and validates the environment once at start-up. */
export const loadTrendsConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(trendsEnv, env);
