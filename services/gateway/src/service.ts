import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { checkHealth, serveService, type ServiceContext } from "@starling/runtime";
import { createApp } from "./app.ts";
import { connectClients } from "./clients.ts";
import type { GatewayConfig } from "./config.ts";

/** Where a started gateway listens. */
export interface GatewayEndpoints {
  httpPort: number;
  grpcPort: number;
  adminPort: number;
}

/**
 * Composes the gateway: gRPC clients to the services, the Express app on PORT, and gRPC health plus
 * the admin port. On shutdown the HTTP server stops taking connections and finishes open requests.
 */
export async function startGatewayService(config: GatewayConfig, context: ServiceContext): Promise<GatewayEndpoints> {
  const clients = connectClients(config);
  // Ready only while the services it forwards to answer their health checks.
  for (const [name, address] of Object.entries({ accounts: config.ACCOUNTS_GRPC_URL, statuses: config.STATUSES_GRPC_URL, timelines: config.TIMELINES_GRPC_URL })) {
    context.readiness.add(name, async () => {
      const status = await checkHealth(address);
      if (status !== "SERVING") throw new Error(status);
    });
  }
  const server = createServer(createApp(config, clients, context.logger));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const httpPort = (server.address() as AddressInfo).port;
  context.shutdown.add("servers", "gateway HTTP server", () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    return closed;
  });
  context.shutdown.add("clients", "gateway gRPC clients", () => Object.values(clients).forEach((c) => c.close()));
  const endpoints = await serveService(context, config, []);
  context.logger.info({ httpPort }, "gateway listening");
  return { httpPort, ...endpoints };
}
