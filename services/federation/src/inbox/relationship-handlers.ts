import type { Context, InboxContext } from "@fedify/fedify";
import { Accept, Announce, Block, Follow, Like, Reject, type Move, type Undo } from "@fedify/fedify/vocab";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { deleteInboundFollow, saveInboundFollow } from "../data/remote-actors-queries.ts";
import { findLocalAccount, type FederationContextData } from "../fedify/federation.ts";
import { dropped } from "./inbox-log.ts";
import { accountForActor, fetchActor, resolveRemoteAccount } from "../remote/resolve-actor.ts";
import { onUndoAnnounce, onUndoLike } from "./interaction-handlers.ts";

// Every handler runs after Fedify checked the signature and that its key belongs to the activity's
// actor, so the actor is the sender. Each RPC names the sender as account_id and the local account
// it acts on as target_account_id (Move: the old account and the new one).

/** The local account an id of ours names: an actor URI, or any id under one (our Follow ids). */
export async function localAccountOf(ctx: Context<FederationContextData>, id: URL | null): Promise<Account | null> {
  if (!id || id.origin !== new URL(ctx.origin).origin) return null;
  const parsed = ctx.parseUri(id);
  const identifier = parsed?.type === "actor" ? parsed.identifier : /^\/users\/([A-Za-z0-9_]+)(?:[/#]|$)/.exec(id.pathname + id.hash)?.[1];
  return identifier ? findLocalAccount(ctx.data, identifier) : null;
}

export const sender = (ctx: InboxContext<FederationContextData>, activity: { actorId: URL | null }) => resolveRemoteAccount(ctx, activity.actorId!);

/** Follow of a local actor: remembered (an Accept must name it), then followed or requested. */
export async function onFollow(ctx: InboxContext<FederationContextData>, follow: Follow): Promise<void> {
  const target = await localAccountOf(ctx, follow.objectId);
  if (!target || !follow.id) return dropped("not a Follow of a local account, or without an id");
  const follower = await sender(ctx, follow);
  await saveInboundFollow(ctx.data.db, follower.id, target.id, follow.id.href, new Date());
  await ctx.data.federatedAccounts.receiveFollow({ accountId: follower.id, targetAccountId: target.id });
}

/**
 * The local follower an Accept or Reject answers: the actor of our Follow, embedded (as Mastodon
 * sends it) or named by its id. The Follow must have been addressed to the sender. The embedded
 * copy is trusted although it has our origin: accounts only acts on a request that exists.
 */
async function answeredFollower(ctx: InboxContext<FederationContextData>, answer: Accept | Reject): Promise<Account | null> {
  const byId = await localAccountOf(ctx, answer.objectId);
  if (byId) return byId;
  const follow = await answer.getObject({ crossOrigin: "trust", documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true });
  if (!(follow instanceof Follow) || follow.objectId?.href !== answer.actorId?.href) return null;
  return localAccountOf(ctx, follow.actorId);
}

export async function onAccept(ctx: InboxContext<FederationContextData>, accept: Accept): Promise<void> {
  const follower = await answeredFollower(ctx, accept);
  if (!follower) return dropped("it answers no Follow of a local account");
  const target = await sender(ctx, accept);
  await ctx.data.federatedAccounts.receiveFollowAccept({ accountId: follower.id, targetAccountId: target.id });
}

export async function onReject(ctx: InboxContext<FederationContextData>, reject: Reject): Promise<void> {
  const follower = await answeredFollower(ctx, reject);
  if (!follower) return dropped("it answers no Follow of a local account");
  const target = await sender(ctx, reject);
  await ctx.data.federatedAccounts.receiveFollowReject({ accountId: follower.id, targetAccountId: target.id });
}

/** Block of a local actor: follows end both ways. */
export async function onBlock(ctx: InboxContext<FederationContextData>, block: Block): Promise<void> {
  const target = await localAccountOf(ctx, block.objectId);
  if (!target) return dropped("not a Block of a local account");
  const blocker = await sender(ctx, block);
  await ctx.data.federatedAccounts.receiveBlock({ accountId: blocker.id, targetAccountId: target.id });
}

/** Undo of the sender's own Follow, Block, Announce or Like; anything else is ignored. */
export async function onUndo(ctx: InboxContext<FederationContextData>, undo: Undo): Promise<void> {
  const object = await undo.getObject({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true });
  if (!object || (object as { actorId?: URL | null }).actorId?.href !== undo.actorId?.href) return dropped("its object could not be had or is not the sender's");
  if (object instanceof Announce) return onUndoAnnounce(ctx, undo, object);
  if (object instanceof Like) return onUndoLike(ctx, undo, object);
  if (!(object instanceof Follow) && !(object instanceof Block)) return dropped("an Undo of an activity kind not undone here");
  const target = await localAccountOf(ctx, object.objectId);
  if (!target) return dropped("not about a local account");
  const actor = await sender(ctx, undo);
  const edge = { accountId: actor.id, targetAccountId: target.id };
  if (object instanceof Follow) {
    // Forgotten first: the follow.removed this causes must not be answered with a Reject (the
    // outbound side sends one only while a received Follow is on record).
    await deleteInboundFollow(ctx.data.db, actor.id, target.id);
    await ctx.data.federatedAccounts.receiveUnfollow(edge);
  } else await ctx.data.federatedAccounts.receiveUnblock(edge);
}

/**
 * Move of the sender to another actor, honoured only when the new actor names the old one among
 * its aliases (so nobody can move someone else's followers to themselves): a remote actor fetched
 * afresh by its alsoKnownAs, a local account by the aliases it declared here.
 */
export async function onMove(ctx: InboxContext<FederationContextData>, move: Move): Promise<void> {
  const oldId = move.actorId;
  if (!oldId || move.objectId?.href !== oldId.href || !move.targetId || move.targetId.href === oldId.href) return dropped("not a Move of the sender itself to another actor");
  const targetAccount = await moveTarget(ctx, move.targetId, oldId);
  if (!targetAccount) return dropped("the target does not name the sender among its aliases");
  // Refetched so the old account's movedTo now points at the (known) new one.
  const oldAccount = await resolveRemoteAccount(ctx, oldId, { refresh: true });
  await ctx.data.federatedAccounts.receiveMove({ accountId: oldAccount.id, targetAccountId: targetAccount.id });
}

/** The account a Move goes to, when it lists the old actor among its aliases; else null. */
async function moveTarget(ctx: InboxContext<FederationContextData>, targetId: URL, oldId: URL): Promise<Account | null> {
  if (targetId.origin === new URL(ctx.origin).origin) {
    const local = await localAccountOf(ctx, targetId);
    // The actor itself, not an object under it; a suspended account takes no followers.
    if (!local || local.uri !== targetId.href || local.suspended) return null;
    const { uris } = await ctx.data.federatedAccounts.listAccountAliases({ accountId: local.id });
    return uris.includes(oldId.href) ? local : null;
  }
  const target = await fetchActor(ctx, targetId, { fresh: true });
  if (!target?.id || target.id.href === oldId.href || !target.aliasIds.some((alias) => alias.href === oldId.href)) return null;
  return accountForActor(ctx, target);
}
