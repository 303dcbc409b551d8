import type { Federation } from "@fedify/fedify";
import type { FederationServiceServer } from "@starling/proto/federation/v1/federation";
import type { AsyncHandlers } from "@starling/runtime";
import type { FederationContextData } from "../fedify/federation.ts";
import { listDeliveriesHandler, type DeliveryHandlerDeps } from "./delivery-handlers.ts";
import { resolveAccountHandler } from "./resolve-account.ts";
import { resolveStatusHandler } from "./resolve-status.ts";
import { listPeerDomains } from "../data/peers-queries.ts";

/** What FederationService needs: Fedify (to fetch remote objects), its callbacks' data, the delivery tables. */
export interface FederationHandlerDeps {
  federation: Federation<FederationContextData>;
  contextData: FederationContextData;
  /** This server's public base URL. */
  origin: string;
  deliveries: DeliveryHandlerDeps;
}

/** FederationService: resolution of remote accounts and statuses, the delivery queue's state, and the known peers. */
export function federationHandlers(deps: FederationHandlerDeps): AsyncHandlers<FederationServiceServer> {
  return {
    resolveAccount: resolveAccountHandler(deps),
    resolveStatus: resolveStatusHandler(deps),
    ...listDeliveriesHandler(deps.deliveries),
    listPeers: async () => ({ domains: await listPeerDomains(deps.deliveries.db) }),
  };
}
