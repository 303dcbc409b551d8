import { addStaffPick, listStaffPickIds, removeStaffPick } from "../data/suggestions-queries.ts";
import { invalidArgument, permissionDenied, unauthenticated, viewerHas } from "@starling/runtime";
import type { Caller } from "./deps.ts";
import type { SearchIndexDeps } from "./search-index-deps.ts";

// The gateway checks the route's permission; the service checks again, trusting only the signed viewer.
function requireTaxonomyStaff(caller: Caller): void {
  if (!caller.viewer?.accountId) throw unauthenticated("This method requires an authenticated user");
  if (!viewerHas(caller.viewer, "manage_taxonomies")) throw permissionDenied();
}

export async function listStaffPicks(deps: SearchIndexDeps, caller: Caller): Promise<string[]> {
  requireTaxonomyStaff(caller);
  return listStaffPickIds(deps.db);
}

/** Picks an account every newcomer is suggested; it must be one this server knows. */
export async function pickAccount(deps: SearchIndexDeps, caller: Caller, accountId: string): Promise<string[]> {
  requireTaxonomyStaff(caller);
  if (!/^\d+$/.test(accountId)) throw invalidArgument("account_id must be an account id");
  const { accounts } = await deps.clients.accounts.getAccounts({ ids: [accountId] });
  if (!accounts.some((a) => a.id === accountId && !a.suspended)) throw invalidArgument("No such account");
  await addStaffPick(deps.db, accountId, deps.now());
  return listStaffPickIds(deps.db);
}

export async function unpickAccount(deps: SearchIndexDeps, caller: Caller, accountId: string): Promise<string[]> {
  requireTaxonomyStaff(caller);
  if (/^\d+$/.test(accountId)) await removeStaffPick(deps.db, accountId);
  return listStaffPickIds(deps.db);
}
