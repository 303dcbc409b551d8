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
  ...localDomainEnv,
});

export type StatusesConfig = z.infer<typeof statusesEnv>;

/** Reads and validates the environment once at start-up. */
export const loadStatusesConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(statusesEnv, env);
