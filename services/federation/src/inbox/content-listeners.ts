import type { InboxContext, InboxListenerSetters } from "@fedify/fedify";
import { Add, Announce, Create, Delete, isActor, Like, Note, Remove, Update, type Actor, type Object as APObject } from "@fedify/fedify/vocab";
import type { FederationContextData } from "../fedify/federation.ts";
import { deletedFirst, rememberDeletion } from "./deleted-first.ts";
import { activityFields, dropped, logged } from "./inbox-log.ts";
import { isSolicited } from "./solicited.ts";
import { accountForActor, findAccountByUri, resolveRemoteAccount } from "../remote/resolve-actor.ts";
import { audienceVisibility, isStatusObject, storeRemoteNote } from "../remote/store-note.ts";
import { onAdd, onRemove } from "./featured-handlers.ts";
import { senderAccount, statusByUri, unlessRefused } from "./interaction-handlers.ts";

type Ctx = InboxContext<FederationContextData>;

// Every listener runs after Fedify checked the signature and that its key belongs to the
// activity's actor, so the actor is the sender.

/** Listeners for what turns remote objects into statuses and interactions with them. */
export function registerContentListeners(setters: InboxListenerSetters<FederationContextData>): InboxListenerSetters<FederationContextData> {
  return setters
    .on(Create, logged(onCreate))
    .on(Update, logged(onUpdate))
    .on(Delete, logged(onDelete))
    .on(Announce, logged(onAnnounce))
    .on(Like, logged(onLike))
    .on(Add, logged(onAdd))
    .on(Remove, logged(onRemove))
    .onUnverifiedActivity((ctx, activity, reason) => {
      // A deleted actor's key is gone (410), so its own Delete cannot be verified; Mastodon
      // accepts it and moves on, and so do we, so the sender does not retry it for days.
      const gone = reason.type === "keyFetchError" && "status" in reason.result && (reason.result.status === 410 || reason.result.status === 404);
      const accepted = gone && activity instanceof Delete && activity.objectId?.href === activity.actorId?.href;
      const fields = { ...activityFields(activity), outcome: accepted ? "dropped" : "refused", reasons: [`signature not verified: ${reason.type}`] };
      ctx.data.logger.debug(fields, "inbox activity");
      ctx.data.logger.warn(fields, accepted ? "inbox activity dropped" : "inbox activity refused");
      if (accepted) return new Response(null, { status: 202 });
    });
}

const loaders = (ctx: Ctx) => ({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader });

// Only the author creates, edits and deletes its posts.
const byAuthor = (activity: { actorId: URL | null }, object: APObject) => !!activity.actorId && object.attributionId?.href === activity.actorId.href;

async function onCreate(ctx: Ctx, create: Create): Promise<void> {
  const object = await create.getObject({ ...loaders(ctx), suppressError: true });
  if (!isStatusObject(object) || !byAuthor(create, object)) return dropped("its object is no post, or not by the sender");
  const known = await findAccountByUri(ctx.data, create.actorId!.href);
  if (known && object.id && (await deletedFirst(ctx.data.kv, known.id, object.id.href))) return dropped("its author deleted it before it arrived");
  if (!(await isSolicited(ctx, object, known))) return dropped("unsolicited: nobody here follows its author, and it addresses or answers nobody here");
  if (await receivedPollVote(ctx, object)) return;
  await unlessRefused(storeRemoteNote(ctx, object, create));
}

/**
 * A vote on a local poll: a Note answering the poll's status that has a `name` (the chosen
 * option) and no content, as Mastodon sends one per choice. False when it is not one, so it is
 * stored as a reply; statuses refuses unknown options and closed polls.
 */
async function receivedPollVote(ctx: Ctx, object: APObject): Promise<boolean> {
  if (!(object instanceof Note) || object.name == null || object.content != null || !object.replyTargetId) return false;
  const poll = await statusByUri(ctx, object.replyTargetId);
  if (!poll?.local || !poll.pollId) return false;
  const voter = await senderAccount(ctx, object.attributionId);
  if (voter) await unlessRefused(ctx.data.federatedStatuses.receivePollVote({ accountId: voter.id, statusId: poll.id, choices: [String(object.name)] }));
  return true;
}

/** An edited post (kept only when newer than ours, and only when we have it) or a changed profile. */
async function onUpdate(ctx: Ctx, update: Update): Promise<void> {
  const object = await update.getObject({ ...loaders(ctx), suppressError: true });
  if (!object || !update.actorId) return dropped("its object could not be had");
  if (isActor(object)) return onProfileUpdate(ctx, update.actorId, object);
  if (!isStatusObject(object) || !byAuthor(update, object)) return dropped("its object is no post or actor, or not by the sender");
  // As Mastodon, an Update of a post never received is not a way to create one.
  const stored = await statusByUri(ctx, object.id);
  const author = stored && (await findAccountByUri(ctx.data, update.actorId.href));
  if (!stored || stored.accountId !== author?.id) return dropped("an edit of a post not stored here, or not the sender's");
  await unlessRefused(storeRemoteNote(ctx, object, update));
}

/**
 * A changed profile. The sender's own actor, embedded whole in the signed activity, is applied as it
 * came (as Mastodon does; refetching would fail against a server that cannot be fetched from yet).
 * Anything else is taken from no sender's word: an actor given by reference or incomplete is the
 * sender's refetched, another actor already known here is refetched from its own server.
 */
async function onProfileUpdate(ctx: Ctx, senderId: URL, actor: Actor): Promise<void> {
  if (!actor.id) return dropped("the actor has no id");
  const own = actor.id.href === senderId.href;
  if (own && actor.preferredUsername && actor.inboxId) {
    await unlessRefused(accountForActor(ctx, actor));
    return;
  }
  if (!own) dropped("the profile of another actor is not taken from the sender (refetched when known)");
  if (own || (await findAccountByUri(ctx.data, actor.id.href))?.domain) await unlessRefused(resolveRemoteAccount(ctx, actor.id, { refresh: true }));
}

/**
 * Delete of the sender itself (its account copy is tombstoned) or of one of its posts. Deleting
 * what is unknown here, or was already deleted, does nothing.
 */
async function onDelete(ctx: Ctx, del: Delete): Promise<void> {
  const actorId = del.actorId;
  const objectId = del.objectId;
  if (!actorId || !objectId) return dropped("no actor or object");
  // No fetch: the deleted actor or post answers 410 now.
  const account = await findAccountByUri(ctx.data, actorId.href);
  if (!account || !account.domain) return dropped("the sender is not known here");
  if (objectId.href === actorId.href) {
    await unlessRefused(ctx.data.federatedAccounts.deleteRemoteAccount({ accountId: account.id }));
    return;
  }
  // A server speaks only for its own objects; statuses checks the sender wrote it.
  if (objectId.host !== actorId.host) return dropped("an object of another server");
  // Remembered whether the post is here or not: a Create arriving after its Delete is not stored.
  await rememberDeletion(ctx.data.kv, account.id, objectId.href);
  await unlessRefused(ctx.data.federatedStatuses.deleteRemoteStatus({ accountId: account.id, uri: objectId.href }));
}

/**
 * A reblog: of a status stored here, or of one fetched from its own server (never trusted from
 * the Announce's copy when another server wrote it). Only public and unlisted posts can be
 * reblogged, but for an author's own.
 */
async function onAnnounce(ctx: Ctx, announce: Announce): Promise<void> {
  if (!announce.id || !announce.objectId) return dropped("no id or object");
  const account = await senderAccount(ctx, announce.actorId);
  if (!account) return dropped("the sender could not be resolved");
  let status = await statusByUri(ctx, announce.objectId);
  if (!status) {
    const object = await announce.getObject({ ...loaders(ctx), suppressError: true });
    status = object ? ((await unlessRefused(storeRemoteNote(ctx, object))) ?? null) : null;
  }
  if (!status) return dropped("the announced post could not be had");
  if (status.visibility !== "public" && status.visibility !== "unlisted" && status.accountId !== account.id) return dropped("a private post of someone else cannot be reblogged");
  const createdAt = announce.published ? new Date(announce.published.epochMilliseconds) : new Date();
  // A reblog is shown to at most the Announce's audience; one addressed to named actors only is
  // kept to the reblogger's followers, as a reblog has no direct form.
  const audience = await audienceVisibility(ctx, announce, account.id);
  const visibility = audience === "direct" ? "private" : audience;
  await unlessRefused(ctx.data.federatedStatuses.receiveReblog({ accountId: account.id, statusId: status.id, uri: announce.id.href, createdAt, visibility }));
}

/** A favourite of a local status (remote posts' counts are their servers' business). */
async function onLike(ctx: Ctx, like: Like): Promise<void> {
  const status = await statusByUri(ctx, like.objectId);
  if (!status?.local) return dropped("a Like of a post that is not local");
  const account = await senderAccount(ctx, like.actorId);
  if (!account) return dropped("the sender could not be resolved");
  await unlessRefused(ctx.data.federatedStatuses.receiveFavourite({ accountId: account.id, statusId: status.id }));
}
