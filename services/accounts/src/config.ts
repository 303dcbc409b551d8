import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { parseConfig, port, serverEnv } from "@starling/runtime";

/** Environment of the accounts service. */
export const accountsEnv = z.object({
  ...serverEnv,
  ...infraEnv,
  /** gRPC port of AccountsService and health. */
  GRPC_PORT: port(50051),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9101),
  /** The instance's domain (host[:port]) in actor URIs and profile URLs. */
  LOCAL_DOMAIN: z.string().min(1).default("localhost:3000"),
  /** "false" builds http:// URLs (tests on 127.0.0.1); anything else https://. */
  LOCAL_HTTPS: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
});

export type AccountsConfig = z.infer<typeof accountsEnv>;

/** Reads and validates the environment once at start-up. */
export const loadAccountsConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(accountsEnv, env);
