import type { Federation } from "@fedify/fedify";
import { Object as APObject } from "@fedify/fedify/vocab";
import { signedFetchAllowed } from "./authorized-fetch.ts";
import { registerCollections } from "./collections.ts";
import type { FederationContextData } from "./federation.ts";
import { loadStatusViews, noteObject } from "./note-object.ts";

/** Where local statuses live: their URI (services/statuses' status-urls.ts forms the same). */
export const STATUS_PATH = "/users/{identifier}/statuses/{id}";

/** Visibilities anyone may fetch without proving who they are. */
export const PUBLIC_VISIBILITIES = new Set(["public", "unlisted"]);

/**
 * The local objects other servers GET: statuses as Note or Question (public and unlisted only, to
 * unsigned requests; the rest answer 404 so their existence is not told), the actors' collections
 * (the instance actor is served by src/http/instance-actor-route.ts: Fedify routes need a variable).
 */
export function registerObjectDispatchers(federation: Federation<FederationContextData>): void {
  // Registered for the base Object type: one path serves both Note and Question.
  federation.setObjectDispatcher(APObject, STATUS_PATH, async (ctx, values) => {
    if (!/^\d+$/.test(values.id)) return null;
    const [view] = await loadStatusViews(ctx.data, [values.id]);
    const status = view?.federated.status;
    if (!view || !status || view.author.domain || view.author.username !== values.identifier) return null;
    if (!PUBLIC_VISIBILITIES.has(status.visibility) || view.federated.reblogOfUri || view.author.suspended) return null;
    return noteObject(view, ctx.origin);
  }).authorize(signedFetchAllowed);
  registerCollections(federation);
}
