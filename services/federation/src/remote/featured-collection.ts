import { AsyncLocalStorage } from "node:async_hooks";
import type { Context } from "@fedify/fedify";
import type { Actor, Link, Object as APObject } from "@fedify/fedify/vocab";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { FederationContextData } from "../fedify/federation.ts";
import { statusByUri, unlessRefused } from "../inbox/interaction-handlers.ts";
import { isStatusObject, storeRemoteNote } from "./store-note.ts";

type Ctx = Context<FederationContextData>;

/** Items read from a featured collection's first page: Mastodon lists five pins, other servers may list more. */
export const MAX_FEATURED_ITEMS = 20;

// Set while a collection is being synced: storing its posts may resolve other actors (the
// authors of the posts they reply to), whose own collections then wait for their next refresh
// rather than cascade through the fediverse from one inbox request.
const syncing = new AsyncLocalStorage<boolean>();

/**
 * Makes a remote account's pins its featured collection, as Mastodon does when it fetches an
 * account: of the first page's items, the actor's own posts (known here, or stored from the
 * collection) in the collection's order. Nothing changes when the actor names no collection or
 * it cannot be fetched.
 */
export async function syncFeaturedCollection(ctx: Ctx, actor: Actor, account: Account): Promise<void> {
  if (!actor.id || !actor.featuredId || syncing.getStore()) return;
  const actorId = actor.id;
  await syncing.run(true, async () => {
    const items = await featuredItems(ctx, actor);
    if (!items) return;
    const statusIds: string[] = [];
    for (const item of items) {
      if (!isStatusObject(item) || item.attributionId?.href !== actorId.href) continue;
      const status = (await statusByUri(ctx, item.id)) ?? (await unlessRefused(storeRemoteNote(ctx, item)));
      if (status) statusIds.push(status.id);
    }
    await unlessRefused(ctx.data.federatedStatuses.receiveFeatured({ accountId: account.id, statusIds }));
  });
}

/** The first items of the collection's first page (or of the collection itself), null when it cannot be read. */
async function featuredItems(ctx: Ctx, actor: Actor): Promise<(APObject | Link)[] | null> {
  const loaders = { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader };
  try {
    const collection = await actor.getFeatured(loaders);
    if (!collection) return null;
    const page = (await collection.getFirst(loaders)) ?? collection;
    const items: (APObject | Link)[] = [];
    // Items given by URL are fetched one by one; one that fails is left out.
    for await (const item of page.getItems({ ...loaders, suppressError: true })) {
      items.push(item);
      if (items.length >= MAX_FEATURED_ITEMS) break;
    }
    return items;
  } catch {
    // Unreachable, refused or unparsable: the pins stay as they were.
    return null;
  }
}
