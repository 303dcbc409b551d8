import type { Federation } from "@fedify/fedify";
import { status as grpcStatus } from "@grpc/grpc-js";
import { Create, Emoji, Object as APObject } from "@fedify/fedify/vocab";
import { emojiTag } from "./actor-document.ts";
import { signedFetchAllowed } from "./authorized-fetch.ts";
import { registerCollections } from "./collections.ts";
import { registerRepliesCollection } from "./replies-collection.ts";
import type { FederationContextData } from "./federation.ts";
import { loadStatusViews, noteObject, withAttachmentExtensions, type LocalStatusView } from "./note-object.ts";

/** Where local statuses live: their URI (services/statuses' status-urls.ts forms the same). */
export const STATUS_PATH = "/users/{identifier}/statuses/{id}";

/** Where the Create of a local status lives (its id, as Mastodon forms it). */
export const STATUS_ACTIVITY_PATH = `${STATUS_PATH}/activity`;

/** Visibilities anyone may fetch without proving who they are. */
export const PUBLIC_VISIBILITIES = new Set(["public", "unlisted"]);

/**
 * The local objects other servers GET: statuses as Note or Question (public and unlisted only, to
 * unsigned requests; the rest answer 404 so their existence is not told), the actors' collections
 * (the instance actor is served by src/http/instance-actor-route.ts: Fedify routes need a variable),
 * local custom emojis.
 */
export function registerObjectDispatchers(federation: Federation<FederationContextData>): void {
  // Registered for the base Object type: one path serves both Note and Question.
  federation.setObjectDispatcher(APObject, STATUS_PATH, async (ctx, values) => {
    const view = await servableStatus(ctx.data, values);
    return view ? noteObject(view, ctx.origin) : null;
  }).authorize(signedFetchAllowed);
  // The Create a status was sent in, as Mastodon serves it at the activity's id.
  federation.setObjectDispatcher(Create, STATUS_ACTIVITY_PATH, async (ctx, values) => {
    const view = await servableStatus(ctx.data, values);
    if (!view) return null;
    const note = noteObject(view, ctx.origin);
    return new Create({ id: ctx.getObjectUri(Create, values), actor: new URL(view.author.uri), object: note, published: note.published, tos: note.toIds, ccs: note.ccIds });
  }).authorize(signedFetchAllowed);
  // A local custom emoji as the Emoji its tags name (their id), open to anyone as Mastodon serves it.
  federation.setObjectDispatcher(Emoji, "/emojis/{id}", async (ctx, { id }) => {
    try {
      return emojiTag(await ctx.data.customEmojis.getLocalCustomEmoji({ id }), ctx.origin);
    } catch (error) {
      if ((error as { code?: number }).code === grpcStatus.NOT_FOUND) return null;
      throw error;
    }
  });
  registerCollections(federation);
  registerRepliesCollection(federation, servableStatus);
}

/** The local status a status path names, when anyone may fetch it: public or unlisted, not a reblog, its author's path, not suspended. */
export async function servableStatus(data: FederationContextData, values: { identifier: string; id: string }): Promise<LocalStatusView | null> {
  if (!/^\d+$/.test(values.id)) return null;
  const [view] = await loadStatusViews(data, [values.id]);
  const status = view?.federated.status;
  if (!view || !status || view.author.domain || view.author.username !== values.identifier) return null;
  if (!PUBLIC_VISIBILITIES.has(status.visibility) || view.federated.reblogOfUri || view.author.suspended) return null;
  return view;
}

/**
 * A fetched status (its Note or its Create) with Mastodon's blurhash and focal point on its
 * attachments, which Fedify's vocabulary cannot carry; any other document as it is.
 */
export async function withFetchedStatusExtensions(data: FederationContextData, path: string, json: unknown): Promise<unknown> {
  const id = /^\/users\/[A-Za-z0-9_]+\/statuses\/(\d+)(?:\/activity)?$/.exec(path)?.[1];
  if (!id) return json;
  const [view] = await loadStatusViews(data, [id]);
  return view ? withAttachmentExtensions(json, view.media) : json;
}
