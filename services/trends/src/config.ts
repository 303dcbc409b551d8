import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { localDomainEnv, parseConfig, port, serverEnv } from "@starling/runtime";

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
});

export type TrendsConfig = z.infer<typeof trendsEnv>;

/** Reads and validates the environment once at start-up. */
export const loadTrendsConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(trendsEnv, env);
