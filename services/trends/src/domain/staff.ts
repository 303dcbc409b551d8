import { permissionDenied, unauthenticated, viewerHas } from "@starling/runtime";
import type { Caller } from "../use-cases/deps.ts";

/**
 * Refuses a caller who may not manage trends (manage_taxonomies). The gateway checks the route's
 * permission; the service checks again, as it trusts the signed viewer, not the route that sent it.
 */
export function requireTaxonomyStaff(caller: Caller): void {
  if (!caller.viewer?.accountId) throw unauthenticated("This method requires an authenticated user");
  if (!viewerHas(caller.viewer, "manage_taxonomies")) throw permissionDenied();
}
