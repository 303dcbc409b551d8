import { Accept, Block, Follow, Reject, Undo } from "@fedify/fedify/vocab";
import type { EventHandlers } from "@starling/events";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { findInboundFollow } from "../data/remote-actors-queries.ts";
import { findSentRelationship, saveSentRelationship, type SentRelationshipKind } from "../data/sent-relationships-queries.ts";
import { accountsById, inboxesOf, isLocal, isRemote } from "./addressing.ts";
import type { OutboundDeps } from "./deps.ts";
import { sendActivity } from "./send-activity.ts";

/** The Follow a remote account sent a local one, named by the id it came with when that is known. */
async function inboundFollow(deps: OutboundDeps, followerId: string, followerUri: string, targetId: string, targetUri: string): Promise<Follow> {
  const id = await findInboundFollow(deps.data.db, followerId, targetId);
  return new Follow({ id: id ? new URL(id) : null, actor: new URL(followerUri), object: new URL(targetUri) });
}

/**
 * Undo of the Follow or Block `actor` sent `target`, embedding it as it was sent (id, actor, object),
 * as Mastodon does; its id is the sent one's with /undo. One sent before its id was kept here is
 * embedded without an id, under an id made from the event.
 */
async function undoSent(deps: OutboundDeps, kind: SentRelationshipKind, actor: Account, target: Account, eventId: string): Promise<void> {
  const edge = { kind, accountId: actor.id, targetAccountId: target.id };
  const sentId = await findSentRelationship(deps.data.db, edge);
  const values = { id: sentId ? new URL(sentId) : null, actor: new URL(actor.uri), object: new URL(target.uri) };
  const undo = new Undo({
    id: new URL(sentId ? `${sentId}/undo` : `${actor.uri}#${kind === "Follow" ? "follows" : "blocks"}/${eventId}/undo`),
    actor: new URL(actor.uri),
    object: kind === "Follow" ? new Follow(values) : new Block(values),
  });
  // The id stays on record, so a redelivered event sends the same Undo (deduplicated by its id).
  await sendActivity(deps, actor, undo, await inboxesOf(deps.data, [target.id], { shared: false }));
}

/** The two accounts of a follow-graph or block event: the one acting, and its target. */
async function edgeAccounts(deps: OutboundDeps, event: { accountId: string; targetAccountId: string }): Promise<[Account | undefined, Account | undefined]> {
  const accounts = await accountsById(deps.data, [event.accountId, event.targetAccountId]);
  return [accounts.get(event.accountId), accounts.get(event.targetAccountId)];
}

/**
 * Follow-graph and block events of local accounts towards remote ones, as Mastodon sends them. Each
 * activity goes to the one remote actor concerned (its own inbox); events about two local accounts,
 * or done by a remote account, send nothing.
 */
export const followHandlers: EventHandlers<OutboundDeps> = {
  "follow.requested": async (event, _envelope, deps) => {
    const [actor, target] = await edgeAccounts(deps, event);
    if (!isLocal(actor) || !isRemote(target)) return;
    const follow = new Follow({ id: new URL(`${actor.uri}#follows/${event.requestId}`), actor: new URL(actor.uri), object: new URL(target.uri) });
    await saveSentRelationship(deps.data.db, { kind: "Follow", accountId: actor.id, targetAccountId: target.id }, follow.id!.href, new Date());
    await sendActivity(deps, actor, follow, await inboxesOf(deps.data, [target.id], { shared: false }));
  },

  // A remote account's follow of a local one took effect (at once, or when the request was approved).
  "follow.accepted": async (event, _envelope, deps) => {
    const [follower, target] = await edgeAccounts(deps, event);
    if (!isRemote(follower) || !isLocal(target)) return;
    const accept = new Accept({
      id: new URL(`${target.uri}#accepts/follows/${event.followId}`),
      actor: new URL(target.uri),
      object: await inboundFollow(deps, follower.id, follower.uri, target.id, target.uri),
    });
    await sendActivity(deps, target, accept, await inboxesOf(deps.data, [follower.id], { shared: false }));
  },

  // The local account refused a remote account's request.
  "follow.rejected": async (event, envelope, deps) => {
    const [requester, target] = await edgeAccounts(deps, event);
    if (!isRemote(requester) || !isLocal(target)) return;
    const reject = new Reject({
      id: new URL(`${target.uri}#rejects/follows/${envelope.id}`),
      actor: new URL(target.uri),
      object: await inboundFollow(deps, requester.id, requester.uri, target.id, target.uri),
    });
    await sendActivity(deps, target, reject, await inboxesOf(deps.data, [requester.id], { shared: false }));
  },

  "follow.removed": async (event, envelope, deps) => {
    const [follower, target] = await edgeAccounts(deps, event);
    if (isLocal(follower) && isRemote(target)) {
      // The local account unfollowed.
      return undoSent(deps, "Follow", follower, target, envelope.id);
    }
    if (isRemote(follower) && isLocal(target)) {
      // The local account removed a remote follower: Reject of its Follow, as Mastodon does. Only
      // while the inbound Follow is on record: a remote unfollow (Undo) clears it, so the removal the
      // remote side asked for itself is not echoed back.
      if (!(await findInboundFollow(deps.data.db, follower.id, target.id))) return;
      const reject = new Reject({
        id: new URL(`${target.uri}#rejects/follows/${envelope.id}`),
        actor: new URL(target.uri),
        object: await inboundFollow(deps, follower.id, follower.uri, target.id, target.uri),
      });
      await sendActivity(deps, target, reject, await inboxesOf(deps.data, [follower.id], { shared: false }));
    }
  },

  "block.created": async (event, _envelope, deps) => {
    const [actor, target] = await edgeAccounts(deps, event);
    if (!isLocal(actor) || !isRemote(target)) return;
    const block = new Block({ id: new URL(`${actor.uri}#blocks/${event.blockId}`), actor: new URL(actor.uri), object: new URL(target.uri) });
    await saveSentRelationship(deps.data.db, { kind: "Block", accountId: actor.id, targetAccountId: target.id }, block.id!.href, new Date());
    await sendActivity(deps, actor, block, await inboxesOf(deps.data, [target.id], { shared: false }));
  },

  "block.removed": async (event, envelope, deps) => {
    const [actor, target] = await edgeAccounts(deps, event);
    if (!isLocal(actor) || !isRemote(target)) return;
    await undoSent(deps, "Block", actor, target, envelope.id);
  },
};
