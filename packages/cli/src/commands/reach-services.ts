import type { InfraProvider } from "@starling/platform";
import { createInfraProvider } from "@starling/platform";
import { checkHealth, createServiceContext, type ServiceContext } from "@starling/runtime";
import { loadCliConfig, type CliConfig } from "../cli-config.ts";
import { readLiveRunRecord } from "../run-registry.ts";
import { viewerSecret } from "../viewer-secret.ts";

/** How the CLI reaches one service: its configured address, or how to start it in this process. */
export interface ServiceReach {
  /** The setting holding its address (production); an unanswering address is an error, never a fallback. */
  addressSetting: "ACCOUNTS_GRPC_URL" | "STATUSES_GRPC_URL" | "MEDIA_GRPC_URL" | "FEDERATION_GRPC_URL" | "MODERATION_GRPC_URL" | "TRENDS_GRPC_URL";
  /**
   * Starts the service here without relay or workers, when no server runs; gets the service's env
   * and the addresses of the services listed before it, already reached.
   */
  startHere(env: Record<string, string | undefined>, context: ServiceContext, infra: InfraProvider, reached: Record<string, string>): Promise<{ grpcPort: number }>;
}

/** Addresses of the services a command talks to, and the secret to sign its viewer with. */
export interface ReachedServices<N extends string> {
  addresses: Record<N, string>;
  secret: string;
  config: CliConfig;
  /** Stops what was started in this process for the command. */
  stop(): Promise<void>;
}

const answers = async (address: string | undefined) => !!address && (await checkHealth(address).catch(() => "DOWN")) === "SERVING";

/**
 * Finds each service as `accounts create` finds accounts: the configured address, else the embedded
 * server recorded in DATA_DIR, else a copy started in this process for the one command. Copies
 * share one infra provider, so the embedded PostgreSQL in DATA_DIR is started once.
 */
export async function reachServices<N extends string>(services: Record<N, ServiceReach>): Promise<ReachedServices<N>> {
  const config = loadCliConfig();
  const secret = viewerSecret(config.DATA_DIR, config.VIEWER_TOKEN_SECRET);
  const record = readLiveRunRecord(config.DATA_DIR);
  const addresses = {} as Record<N, string>;
  let local: { context: ServiceContext; infra: InfraProvider } | undefined;
  const env = { LOCAL_DOMAIN: `localhost:${config.PORT}`, LOCAL_HTTPS: "false", ...process.env, VIEWER_TOKEN_SECRET: secret, GRPC_PORT: "0", ADMIN_PORT: "0", HTTP_PORT: "0", LOG_LEVEL: "warn" };
  const stop = async () => void (await local?.context.shutdown.run("command finished"));
  try {
    for (const name of Object.keys(services) as N[]) {
      const reach = services[name];
      const configured = config[reach.addressSetting];
      const running = configured ?? record?.addresses[name];
      if (await answers(running)) {
        addresses[name] = running!;
        continue;
      }
      if (configured) throw new Error(`the ${name} service at ${configured} does not answer`);
      if (!local) {
        const context = createServiceContext("starling-cli", { logLevel: "warn", shutdownTimeoutMs: 10_000 });
        local = { context, infra: createInfraProvider(config, { clientId: "starling-cli", logger: context.logger, shutdown: context.shutdown }) };
      }
      addresses[name] = `127.0.0.1:${(await reach.startHere(env, local.context, local.infra, { ...addresses })).grpcPort}`;
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { addresses, secret, config, stop };
}
