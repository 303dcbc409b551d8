import type { InfraProvider } from "@starling/platform";
import { checkHealth, publicBaseUrl, serveService, startHttpServer, type ServiceContext } from "@starling/runtime";
import { createApp } from "./app.ts";
import { connectClients } from "./clients/gateway-clients.ts";
import { cacheInstanceSettings } from "./clients/cached-instance-settings.ts";
import { startModerationChangesConsumer } from "./events/moderation-changes-consumer.ts";
import { startTokenRevocationsConsumer } from "./events/token-revocations-consumer.ts";
import { IpBlockList } from "./http/ip-block-list.ts";
import { TokenResolver } from "./http/authenticate.ts";
import { ActivityRecorder } from "./http/activity-recorder.ts";
import { createStreamingCore } from "./streaming/streaming-core.ts";
import { websocketUpgrade } from "./streaming/websocket-stream.ts";
import type { GatewayConfig } from "./config.ts";

/** Where a started gateway listens. */
export interface GatewayEndpoints {
  httpPort: number;
  grpcPort: number;
  adminPort: number;
}

/**
 * Composes the gateway: gRPC clients to the services, the key-value store for rate limits, the
 * token cache and the consumer that drops revoked tokens from it, the Express app on PORT, and gRPC
 * health plus the admin port. On shutdown the HTTP server stops taking connections and finishes open requests.
 */
export async function startGatewayService(config: GatewayConfig, context: ServiceContext, infra: InfraProvider): Promise<GatewayEndpoints> {
  const connected = connectClients(config);
  // Every route reads the instance settings from this replica's copy, not from moderation per request.
  const settings = cacheInstanceSettings(connected.instanceSettings, { maxAgeMs: config.INSTANCE_SETTINGS_MAX_AGE_MS, logger: context.logger });
  const clients = { ...connected, instanceSettings: settings };
  const kv = infra.kv();
  context.readiness.add("key-value store", () => kv.ping());
  // Ready only while every service it calls answers its health check (media and federation also
  // serve the HTTP the gateway proxies, from the same processes).
  const upstreams = { accounts: config.ACCOUNTS_GRPC_URL, statuses: config.STATUSES_GRPC_URL, timelines: config.TIMELINES_GRPC_URL, media: config.MEDIA_GRPC_URL, federation: config.FEDERATION_GRPC_URL, moderation: config.MODERATION_GRPC_URL };
  for (const [name, address] of Object.entries(upstreams)) {
    context.readiness.add(name, async () => {
      const status = await checkHealth(address);
      if (status !== "SERVING") throw new Error(status);
    });
  }
  const bus = infra.bus();
  context.readiness.add("event bus", () => bus.ping());
  const tokens = new TokenResolver(clients, config.TOKEN_CACHE_MS, config.VIEWER_TOKEN_SECRET);
  const revocations = await startTokenRevocationsConsumer(bus, tokens);
  context.shutdown.add("workers", "gateway token-revocations consumer", () => revocations.stop());
  // This replica's copies of the IP blocks and the instance settings, reloaded when moderation announces a change.
  const ipBlocks = new IpBlockList(async () => (await clients.ipBlocks.listActiveIpBlocks({})).blocks, config.IP_BLOCKS_MAX_AGE_MS, context.logger);
  const moderationChanges = await startModerationChangesConsumer(bus, { ipBlocks, settings });
  context.shutdown.add("workers", "gateway moderation changes consumer", () => moderationChanges.stop());
  const activity = new ActivityRecorder(clients);
  const streaming = createStreamingCore({ config, clients, tokens, activity, kv, logger: context.logger, baseUrl: publicBaseUrl(config), registry: context.registry });
  // Open streams would keep the HTTP server from closing: they end first.
  context.shutdown.add("drain", "gateway streams", () => streaming.close());
  const httpPort = await startHttpServer(
    context,
    { name: "gateway HTTP server", host: config.HOST, port: config.PORT, keepAliveTimeoutMs: 65_000, upgrade: websocketUpgrade(streaming) },
    createApp(config, clients, context.logger, kv, tokens, streaming, ipBlocks, activity),
  );
  context.shutdown.add("clients", "gateway gRPC clients", () => Object.values(clients).forEach((c) => c.close()));
  const endpoints = await serveService(context, config, []);
  context.logger.info({ httpPort }, "gateway listening");
  return { httpPort, ...endpoints };
}
