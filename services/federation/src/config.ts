import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { flag, localDomainEnv, parseConfig, port, serverEnv } from "@starling/runtime";

/** Environment of the federation service. */
export const federationEnv = z.object({
  ...serverEnv,
  ...infraEnv,
  /** gRPC port (health now; remote resolution later). */
  GRPC_PORT: port(50054),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9104),
  /** HTTP port other servers reach: WebFinger, NodeInfo, ActivityPub. */
  HTTP_PORT: port(3001),
  /** Address the HTTP port binds to; 0.0.0.0 in containers. */
  HTTP_HOST: z.string().default("127.0.0.1"),
  ...localDomainEnv,
  /** Instance title, reported as NodeInfo metadata.nodeName. */
  INSTANCE_TITLE: z.string().default("Starling"),
  /** accounts service gRPC address. */
  ACCOUNTS_GRPC_URL: z.string().default("127.0.0.1:50051"),
  /** statuses service gRPC address. */
  STATUSES_GRPC_URL: z.string().default("127.0.0.1:50052"),
  /**
   * Lets Fedify fetch private and loopback addresses. A test setting for instances talking on
   * 127.0.0.1; never set it in production (it turns off the guard against server-side request forgery).
   */
  FEDERATION_ALLOW_PRIVATE_ADDRESS: flag(false),
});

export type FederationConfig = z.infer<typeof federationEnv>;

/** Reads and validates the environment once at start-up. */
export const loadFederationConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(federationEnv, env);
