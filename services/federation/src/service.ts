import type { InfraProvider } from "@starling/platform";
import { createIdGenerator, publicBaseUrl, serveService, startHttpServer, type ServiceContext } from "@starling/runtime";
import { FederationServiceDefinition } from "@starling/proto/federation/v1/federation";
import { federationMigrations } from "../migrations/index.ts";
import { connectFederationClients } from "./clients/federation-clients.ts";
import type { FederationConfig } from "./config.ts";
import { createStarlingFederation, type FederationContextData } from "./fedify/federation.ts";
import { instanceActorSigner, signedDocumentLoader } from "./fedify/signed-fetch.ts";
import { StarlingKvStore } from "./fedify/kv-store.ts";
import { federationHandlers } from "./grpc/federation-handlers.ts";
import { createFederationApp } from "./http/app.ts";
import { INSTANCE_ACTOR_INBOX_PATH } from "./fedify/instance-actor.ts";
import { deliverySettings, type DeliveryDeps } from "./delivery/deps.ts";
import { startDeliveryWorker } from "./delivery/worker.ts";
import { enqueueDeliveries } from "./delivery/enqueue.ts";
import { startOutboundConsumer } from "./outbound/outbound-consumer.ts";
import { startInstanceBlocksConsumer } from "./events/instance-blocks-consumer.ts";

/** Where a started federation service listens. */
export interface FederationEndpoints {
  httpPort: number;
  grpcPort: number;
  adminPort: number;
}

/**
 * Composes the federation service: migrates its schema (actor keys, remote actors, deliveries),
 * builds Fedify on our key-value store and event bus, serves the HTTP app other servers reach
 * (WebFinger, NodeInfo, actors, inboxes, objects, collections) on HTTP_PORT, FederationService
 * (resolve, deliveries) over gRPC, and runs the outbound consumer and the delivery worker.
 */
export async function startFederationService(
  config: FederationConfig,
  context: ServiceContext,
  infra: InfraProvider,
  /** workers false: no delivery worker or scheduler (a copy the CLI starts for one command). */
  options: { workers?: boolean } = {},
): Promise<FederationEndpoints> {
  const db = await infra.database("federation");
  const ran = await db.migrate(federationMigrations);
  if (ran.length > 0) context.logger.info({ migrations: ran }, "migrated");
  context.readiness.add("database", () => db.ping());
  context.readiness.add("event bus", () => infra.bus().ping());
  context.readiness.add("key-value store", () => infra.kv().ping());
  const clients = connectFederationClients(config);
  context.shutdown.add("clients", "federation gRPC clients", () => Object.values(clients).forEach((c) => c.close()));
  // Fetches are signed as the instance actor (Mastodon does the same), for servers in authorized-fetch mode.
  const origin = publicBaseUrl(config);
  const signer = instanceActorSigner(db, origin);
  const federationOptions = { kv: new StarlingKvStore(infra.kv()), origin, allowPrivateAddress: config.FEDERATION_ALLOW_PRIVATE_ADDRESS, signer };
  const federation = createStarlingFederation(federationOptions);
  const instanceActorInbox = createStarlingFederation({ ...federationOptions, sharedInboxPath: INSTANCE_ACTOR_INBOX_PATH });
  const contextData: FederationContextData = {
    profiles: clients.profiles, accounts: clients.accounts, federatedAccounts: clients.federatedAccounts, federatedStatuses: clients.federatedStatuses, statuses: clients.statuses, db,
    follows: clients.follows, interactions: clients.interactions, media: clients.media, customEmojis: clients.customEmojis, featuredTags: clients.featuredTags, reports: clients.reports,
    freshDocumentLoader: signedDocumentLoader(signer, { allowPrivateAddress: config.FEDERATION_ALLOW_PRIVATE_ADDRESS }),
    allowPrivateAddress: config.FEDERATION_ALLOW_PRIVATE_ADDRESS,
    logger: context.logger,
    kv: infra.kv(),
    authorizedFetch: config.AUTHORIZED_FETCH,
    limitedFederation: config.LIMITED_FEDERATION_MODE,
  };
  // The delivery queue: enqueueDeliveries(deliveryDeps, ...) writes rows, the worker sends them.
  const deliveryDeps: DeliveryDeps = { db, bus: infra.bus(), now: () => new Date(), newId: createIdGenerator(), logger: context.logger, limitedFederation: config.LIMITED_FEDERATION_MODE };
  if (options.workers !== false) {
    const instanceBlocks = await startInstanceBlocksConsumer(infra.bus(), db);
    context.shutdown.add("workers", "instance blocks consumer", () => instanceBlocks.stop());
    const deliveryWorker = await startDeliveryWorker(deliveryDeps, deliverySettings(config));
    context.shutdown.add("workers", "delivery worker", () => deliveryWorker.stop());
    const enqueue = (request: Parameters<typeof enqueueDeliveries>[1]) => enqueueDeliveries(deliveryDeps, request);
    contextData.enqueue = enqueue;
    const outbound = await startOutboundConsumer(infra.bus(), { federation, data: contextData, origin, enqueue });
    context.shutdown.add("workers", "outbound activities consumer", () => outbound.stop());
  }
  const httpPort = await startHttpServer(
    context,
    { name: "federation HTTP server", host: config.HTTP_HOST, port: config.HTTP_PORT },
    createFederationApp(config, { clients, federation, instanceActorInbox, contextData }, context.logger),
  );
  const handlers = federationHandlers({ federation, contextData, origin, deliveries: { db } });
  const endpoints = await serveService(context, config, [{ definition: FederationServiceDefinition, handlers }]);
  return { httpPort, ...endpoints };
}
