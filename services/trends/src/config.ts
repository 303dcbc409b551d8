import { z } from "zod";
import { parseConfig, port, serverEnv } from "@starling/runtime";

/** Environment of the trends service. */
export const trendsEnv = z.object({
  ...serverEnv,
  /** gRPC port (health now; trends, suggestions, directory and search later). */
  GRPC_PORT: port(50056),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9106),
});

export type TrendsConfig = z.infer<typeof trendsEnv>;

/** Reads and validates the environment once at start-up. */
export const loadTrendsConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(trendsEnv, env);
