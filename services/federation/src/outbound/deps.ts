import type { Federation } from "@fedify/fedify";
import type { DeliveryRequest } from "../delivery/enqueue.ts";
import type { FederationContextData } from "../fedify/federation.ts";

/** What the outbound consumer needs: Fedify (contexts, key pairs), its clients and the delivery queue. */
export interface OutboundDeps {
  federation: Federation<FederationContextData>;
  data: FederationContextData;
  /** The public base URL every local URI starts with. */
  origin: string;
  /** Queues an activity for inboxes (enqueueDeliveries in production, a recorder in tests). */
  enqueue: (request: DeliveryRequest) => Promise<void>;
}
