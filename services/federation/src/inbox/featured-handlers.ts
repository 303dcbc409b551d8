import type { InboxContext } from "@fedify/fedify";
import type { Add, Remove } from "@fedify/fedify/vocab";
import type { FederationContextData } from "../fedify/federation.ts";
import { dropped } from "./inbox-log.ts";
import { findAccountByUri } from "../remote/resolve-actor.ts";
import { storeRemoteNote } from "../remote/store-note.ts";
import { senderAccount, statusByUri, unlessRefused } from "./interaction-handlers.ts";

type Ctx = InboxContext<FederationContextData>;

// Add / Remove are how Mastodon announces pins: the target is the sender's featured collection,
// the object one of its posts. Other collections (featured tags among them) are not kept here.

const loaders = (ctx: Ctx) => ({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader });

/**
 * Whether the activity's target is its sender's own featured collection, as the sender's actor
 * document names it (read through Fedify's document cache: the signature check just fetched it).
 */
async function targetsOwnFeatured(ctx: Ctx, activity: Add | Remove): Promise<boolean> {
  if (!activity.actorId || !activity.targetId) return false;
  const actor = await activity.getActor({ ...loaders(ctx), suppressError: true });
  return actor?.id?.href === activity.actorId.href && actor.featuredId?.href === activity.targetId.href;
}

/** A post pinned by its author: fetched and stored first when unknown here, then pinned. */
export async function onAdd(ctx: Ctx, add: Add): Promise<void> {
  if (!add.objectId || !(await targetsOwnFeatured(ctx, add))) return dropped("not an Add to the sender's featured collection");
  const account = await senderAccount(ctx, add.actorId);
  if (!account) return dropped("the sender could not be resolved");
  let status = await statusByUri(ctx, add.objectId);
  if (!status) {
    const object = await add.getObject({ ...loaders(ctx), suppressError: true });
    status = object ? ((await unlessRefused(storeRemoteNote(ctx, object))) ?? null) : null;
  }
  // statuses refuses anything but the sender's own posts (and reblogs, direct messages).
  if (status) await unlessRefused(ctx.data.federatedStatuses.receivePin({ accountId: account.id, statusId: status.id }));
}

/** A post unpinned by its author; unknown posts and actors have no pin here. */
export async function onRemove(ctx: Ctx, remove: Remove): Promise<void> {
  if (!remove.actorId || !(await targetsOwnFeatured(ctx, remove))) return dropped("not a Remove from the sender's featured collection");
  const status = await statusByUri(ctx, remove.objectId);
  const account = status && (await findAccountByUri(ctx.data, remove.actorId.href));
  if (!status || !account) return dropped("a post or sender not known here");
  await unlessRefused(ctx.data.federatedStatuses.receiveUnpin({ accountId: account.id, statusId: status.id }));
}
