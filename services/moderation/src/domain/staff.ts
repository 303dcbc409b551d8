import { permissionDenied, unauthenticated, viewerHas, type Permission } from "@starling/runtime";
import type { Caller } from "../use-cases/deps.ts";

/**
 * The staff member behind a call, refused unless their role holds one of `permissions`. The gateway
 * checks the route's permission; services check again, as they trust the signed viewer, not the
 * route that sent it.
 */
export function requireStaff(caller: Caller, ...permissions: Permission[]): string {
  const accountId = caller.viewer?.accountId;
  if (!accountId) throw unauthenticated("This method requires an authenticated user");
  if (!permissions.some((permission) => viewerHas(caller.viewer, permission))) throw permissionDenied();
  return accountId;
}
