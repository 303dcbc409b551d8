import { connectService, serveService, startHttpServer, type ServiceContext } from "@starling/runtime";
import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { RegistrationServiceClient } from "@starling/proto/accounts/v1/registration";
import { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import type { FederationConfig } from "./config.ts";
import { createFederationApp } from "./http/nodeinfo-routes.ts";

/** Where a started federation service listens. */
export interface FederationEndpoints {
  httpPort: number;
  grpcPort: number;
  adminPort: number;
}

/**
 * Composes the federation service: the HTTP app other servers reach (NodeInfo for now) on
 * HTTP_PORT, gRPC health and the admin port. ActivityPub, WebFinger, signatures and delivery
 * arrive with the federation-core issue, on Fedify.
 */
export async function startFederationService(config: FederationConfig, context: ServiceContext): Promise<FederationEndpoints> {
  const defaults = { deadlineMs: config.GRPC_DEADLINE_MS };
  const clients = {
    accounts: connectService(AccountsServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    registration: connectService(RegistrationServiceClient, config.ACCOUNTS_GRPC_URL, defaults),
    statuses: connectService(StatusesServiceClient, config.STATUSES_GRPC_URL, defaults),
  };
  const httpPort = await startHttpServer(
    context,
    { name: "federation HTTP server", host: config.HTTP_HOST, port: config.HTTP_PORT },
    createFederationApp(config, clients, context.logger),
  );
  context.shutdown.add("clients", "federation gRPC clients", () => Object.values(clients).forEach((c) => c.close()));
  const endpoints = await serveService(context, config, []);
  return { httpPort, ...endpoints };
}
