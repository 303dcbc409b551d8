import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { parseConfig } from "@starling/runtime";

/** Environment the starling command reads besides each service's own. */
export const cliEnv = z.object({
  ...infraEnv,
  /** Shared viewer-token secret; in the embedded mode it is generated once into DATA_DIR when unset. */
  VIEWER_TOKEN_SECRET: z.string().min(32).optional(),
  /** Address of a running accounts service (production); unset means: the embedded server in DATA_DIR, if running. */
  ACCOUNTS_GRPC_URL: z.string().optional(),
  /** Address of a running statuses service (production; `emoji import`); unset means: the embedded server, if running. */
  STATUSES_GRPC_URL: z.string().optional(),
  /** Address of a running media service (production; `emoji import`); unset means: the embedded server, if running. */
  MEDIA_GRPC_URL: z.string().optional(),
  /** Address of a running federation service (production; `federation deliveries`); unset means: the embedded server, if running. */
  FEDERATION_GRPC_URL: z.string().optional(),
  /** Address of a running moderation service (production; `rules`); unset means: the embedded server, if running. */
  MODERATION_GRPC_URL: z.string().optional(),
  /** Address of a running trends service (production; `trends refresh`); unset means: the embedded server, if running. */
  TRENDS_GRPC_URL: z.string().optional(),
  /** Client API port of the embedded gateway. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Per-service database URLs for `starling migrate` when services have databases of their own (k8s, compose); DATABASE_URL otherwise. */
  ACCOUNTS_DATABASE_URL: z.string().url().optional(),
  /** See ACCOUNTS_DATABASE_URL. */
  STATUSES_DATABASE_URL: z.string().url().optional(),
  /** See ACCOUNTS_DATABASE_URL. */
  TIMELINES_DATABASE_URL: z.string().url().optional(),
  /** See ACCOUNTS_DATABASE_URL. */
  MEDIA_DATABASE_URL: z.string().url().optional(),
  /** See ACCOUNTS_DATABASE_URL. */
  FEDERATION_DATABASE_URL: z.string().url().optional(),
  /** See ACCOUNTS_DATABASE_URL. */
  MODERATION_DATABASE_URL: z.string().url().optional(),
  /** See ACCOUNTS_DATABASE_URL. */
  TRENDS_DATABASE_URL: z.string().url().optional(),
  /** pino level of the embedded services. */
  LOG_LEVEL: z.string().default("info"),
});

export type CliConfig = z.infer<typeof cliEnv>;

/** Reads the starling command's environment. */
export const loadCliConfig = (env: Record<string, string | undefined> = process.env): CliConfig => parseConfig(cliEnv, env);
