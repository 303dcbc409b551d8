import type { RequestContext } from "@fedify/fedify";
import type { FederationContextData } from "./federation.ts";

/**
 * The `.authorize(...)` predicate of actors, statuses and collections. Without AUTHORIZED_FETCH
 * anyone may GET them; with it (Mastodon's authorized-fetch mode) only a request carrying an HTTP
 * signature that verifies, by a key whose owning actor can be fetched, as Mastodon requires a
 * signing account. Fedify answers 401 otherwise. WebFinger, host-meta, NodeInfo and the instance
 * actor stay open: other servers fetch the instance actor's key to check the signatures this
 * server puts on its own fetches.
 */
export async function signedFetchAllowed(ctx: RequestContext<FederationContextData>): Promise<boolean> {
  if (!ctx.data.authorizedFetch) return true;
  try {
    return (await ctx.getSignedKeyOwner()) !== null;
  } catch {
    // A key or owner document Fedify cannot read (fetch failures it already counts as unsigned).
    return false;
  }
}
