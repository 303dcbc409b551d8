import { accountsEnv, startAccountsService } from "@starling/accounts";
import { federationEnv, startFederationService } from "@starling/federation";
import { gatewayEnv, startGatewayService } from "@starling/gateway";
import { mediaEnv, startMediaService } from "@starling/media";
import { moderationEnv, startModerationService } from "@starling/moderation";
import { createInfraProvider } from "@starling/platform";
import { createLogger, createServiceContext, Shutdown, type Readiness, type ServiceContext } from "@starling/runtime";
import { startStatusesService, statusesEnv } from "@starling/statuses";
import { startTimelinesService, timelinesEnv } from "@starling/timelines";
import { startTrendsService, trendsEnv } from "@starling/trends";
import { loadCliConfig } from "./cli-config.ts";
import { removeRunRecord, writeRunRecord } from "./run-registry.ts";
import { viewerSecret } from "./viewer-secret.ts";

/** A running embedded Starling. */
export interface EmbeddedStarling {
  /** host:port of every service's gRPC server, plus the gateway's and federation's HTTP. */
  addresses: Record<string, string>;
  shutdown: Shutdown;
  /** Each service's readiness, by name, for the watchdog of `starling start`. */
  readiness: Map<string, Readiness>;
}

/**
 * Runs every service in this process, each on its own gRPC port on loopback, sharing one infra
 * provider: with no server configured that is one PostgreSQL started under DATA_DIR (a schema per
 * service), the in-process event bus and the in-process key-value store. Services start in
 * dependency order and the gateway last, so it opens only when everything behind it answers.
 */
export async function launchEmbedded(env: Record<string, string | undefined> = process.env): Promise<EmbeddedStarling> {
  const cli = loadCliConfig(env);
  const shutdown = new Shutdown(createLogger("starling", cli.LOG_LEVEL), 20_000);
  const base: Record<string, string | undefined> = {
    LOCAL_DOMAIN: `localhost:${cli.PORT}`,
    LOCAL_HTTPS: "false",
    ...env,
    VIEWER_TOKEN_SECRET: viewerSecret(cli.DATA_DIR, cli.VIEWER_TOKEN_SECRET),
    GRPC_HOST: "127.0.0.1",
    GRPC_PORT: "0",
    ADMIN_PORT: env.EMBEDDED_ADMIN_PORTS === "fixed" ? undefined : "0",
  };
  const readiness = new Map<string, Readiness>();
  const context = (name: string): ServiceContext => {
    const created = createServiceContext(name, { logLevel: cli.LOG_LEVEL, shutdownTimeoutMs: 20_000, shutdown });
    readiness.set(name, created.readiness);
    return created;
  };
  const infra = createInfraProvider(cli, { clientId: "starling", logger: createLogger("infra", cli.LOG_LEVEL), shutdown });
  const at = (port: number) => `127.0.0.1:${port}`;
  const addresses: Record<string, string> = {};

  // In waves, each service started beside those it does not need: its start is mostly waiting on
  // the database (migrations), so side by side is faster than one after another.
  // Accounts quotes statuses in notification pushes and e-mails; statuses starts later, on a port
  // known only then.
  let statusesStarted: (address: string) => void = () => {};
  const statusesAddress = new Promise<string>((resolve) => (statusesStarted = resolve));
  const [accounts, media] = await Promise.all([
    startAccountsService(accountsEnv.parse(base), context("accounts"), infra, { statusesAddress }),
    startMediaService(mediaEnv.parse({ ...base, HTTP_PORT: "0" }), context("media"), infra),
  ]);
  addresses.accounts = at(accounts.grpcPort);
  addresses.media = at(media.grpcPort);
  addresses["media-http"] = at(media.httpPort);
  // Statuses attaches uploads to new statuses through media, so it comes after it.
  const withAccounts = { ...base, ACCOUNTS_GRPC_URL: addresses.accounts, MEDIA_GRPC_URL: addresses.media };
  const [statuses, timelines] = await Promise.all([
    startStatusesService(statusesEnv.parse(withAccounts), context("statuses"), infra),
    startTimelinesService(timelinesEnv.parse(withAccounts), context("timelines"), infra),
  ]);
  addresses.statuses = at(statuses.grpcPort);
  statusesStarted(addresses.statuses);
  addresses.timelines = at(timelines.grpcPort);
  // Moderation checks reported statuses, and federation files inbound Flags with moderation: in that order.
  // Trends asks accounts and statuses too, and nothing asks it but the gateway.
  const withStatuses = { ...withAccounts, STATUSES_GRPC_URL: addresses.statuses };
  const [moderation, trends] = await Promise.all([
    startModerationService(moderationEnv.parse(withStatuses), context("moderation"), infra),
    startTrendsService(trendsEnv.parse(withStatuses), context("trends"), infra),
  ]);
  addresses.moderation = at(moderation.grpcPort);
  addresses.trends = at(trends.grpcPort);
  const federation = await startFederationService(federationEnv.parse({ ...withStatuses, MODERATION_GRPC_URL: addresses.moderation, HTTP_PORT: "0" }), context("federation"), infra);
  addresses.federation = at(federation.grpcPort);
  addresses["federation-http"] = at(federation.httpPort);
  const gateway = await startGatewayService(
    gatewayEnv.parse({
      ...withAccounts,
      PORT: String(cli.PORT),
      STATUSES_GRPC_URL: addresses.statuses,
      TIMELINES_GRPC_URL: addresses.timelines,
      FEDERATION_GRPC_URL: addresses.federation,
      FEDERATION_HTTP_URL: `http://${addresses["federation-http"]}`,
      MEDIA_HTTP_URL: `http://${addresses["media-http"]}`,
      MODERATION_GRPC_URL: addresses.moderation,
      TRENDS_GRPC_URL: addresses.trends,
    }),
    context("gateway"),
    infra,
  );
  addresses.gateway = at(gateway.grpcPort);
  addresses["gateway-http"] = at(gateway.httpPort);

  writeRunRecord(cli.DATA_DIR, { pid: process.pid, addresses });
  shutdown.add("admin", "run record", () => removeRunRecord(cli.DATA_DIR));
  return { addresses, shutdown, readiness };
}
