import type { Database } from "@starling/db";
import type { FederationServiceServer } from "@starling/proto/federation/v1/federation";
import { invalidArgument, permissionDenied, viewerHas, type AsyncHandlers } from "@starling/runtime";
import { listDeliveries, type DeliveryState } from "../delivery/deliveries-queries.ts";
import { listHostCircuits } from "../delivery/host-circuits.ts";

/** What ListDeliveries reads. */
export interface DeliveryHandlerDeps {
  db: Database;
  now?: () => Date;
}

const LISTED_STATES = new Set(["pending", "failed", "dead"]);
const DEFAULT_LIMIT = 40;
const MAX_LIMIT = 500;

/**
 * FederationService.ListDeliveries: deliveries waiting, retrying or given up, newest first, and the
 * hosts whose circuit has seen failures. Federation internals are for staff who manage federation
 * (Mastodon's admin federation pages).
 */
export function listDeliveriesHandler(deps: DeliveryHandlerDeps): Pick<AsyncHandlers<FederationServiceServer>, "listDeliveries"> {
  const now = deps.now ?? (() => new Date());
  return {
    async listDeliveries(request, { viewer }) {
      if (!viewerHas(viewer, "manage_federation")) throw permissionDenied("Listing deliveries needs the manage_federation permission");
      if (request.state !== undefined && !LISTED_STATES.has(request.state)) throw invalidArgument("state must be pending, failed or dead");
      if (request.limit !== undefined && request.limit < 0) throw invalidArgument("limit must not be negative");
      const limit = Math.min(request.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
      const [deliveries, hosts] = await Promise.all([
        listDeliveries(deps.db, { state: request.state as DeliveryState | undefined, limit }),
        listHostCircuits(deps.db, now(), limit),
      ]);
      return {
        deliveries: deliveries.map((d) => ({
          id: d.id, inbox: d.inbox, activityId: d.activityId, activityType: d.activityType, state: d.state,
          attempts: d.attempts, lastError: d.lastError || undefined, nextAttemptAt: d.nextAttemptAt, createdAt: d.createdAt,
        })),
        hosts: hosts.map((h) => ({ host: h.host, state: h.state, consecutiveFailures: h.consecutiveFailures, openUntil: h.openUntil ?? undefined })),
      };
    },
  };
}
