import type { Federation } from "@fedify/fedify";
import { invalidArgument, notFound, type AsyncHandlers } from "@starling/runtime";
import type { FederationServiceServer } from "@starling/proto/federation/v1/federation";
import type { FederationContextData } from "../fedify/federation.ts";
import { statusByUri, unlessRefused } from "../inbox/interaction-handlers.ts";
import { refuseBlockedHost } from "../remote/resolve-actor.ts";
import { storeRemoteNote } from "../remote/store-note.ts";

/** What ResolveStatus needs: Fedify (to fetch) and what its callbacks reach. */
export interface ResolveStatusDeps {
  federation: Federation<FederationContextData>;
  contextData: FederationContextData;
  /** This server's public base URL. */
  origin: string;
}

/**
 * ResolveStatus: a status stored under this URI, else the object fetched from the URI or URL
 * (Mastodon serves a post's ActivityPub form at its page URL too) and stored; NOT_FOUND when
 * nothing storable is there.
 */
export function resolveStatusHandler(deps: ResolveStatusDeps): AsyncHandlers<FederationServiceServer>["resolveStatus"] {
  return async ({ query }) => {
    const url = parseWebUrl(query.trim());
    const ctx = deps.federation.createContext(new URL(deps.origin), deps.contextData);
    const known = await statusByUri(ctx, url);
    if (known) return { statusId: known.id };
    // Our own statuses are stored by URI; another address of ours is not fetched from ourselves.
    if (url.origin === new URL(ctx.origin).origin) throw notFound(`No status has the URI ${url.href}`);
    await refuseBlockedHost(ctx, url.host);
    const object = await ctx.lookupObject(url).catch(() => null);
    const stored = object && (await statusByUri(ctx, object.id));
    if (stored) return { statusId: stored.id };
    const status = object ? await unlessRefused(storeRemoteNote(ctx, object)) : null;
    if (!status) throw notFound(`No status could be fetched from ${url.href}`);
    return { statusId: status.id };
  };
}

function parseWebUrl(query: string): URL {
  let url: URL;
  try {
    url = new URL(query);
  } catch {
    throw invalidArgument("query must be an http(s) URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw invalidArgument("query must be an http(s) URL");
  return url;
}
