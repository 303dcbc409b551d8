import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { parseConfig, port, serverEnv } from "@starling/runtime";

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
  /** The instance's domain as the fediverse sees it; status URIs and URLs are built on it. */
  LOCAL_DOMAIN: z.string().default("localhost:3000"),
  /** "false" builds http:// URLs (tests on 127.0.0.1); anything else https://. */
  LOCAL_HTTPS: z
    .string()
    .default("true")
    .transform((value) => value.toLowerCase() !== "false"),
});

export type StatusesConfig = z.infer<typeof statusesEnv>;

/** Reads and validates the environment once at start-up. */
export const loadStatusesConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(statusesEnv, env);
