import { Announce, Create, Delete, PUBLIC_COLLECTION, Tombstone, Undo, Update } from "@fedify/fedify/vocab";
import type { EventHandlers } from "@starling/events";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { findSentActivity } from "../data/sent-activities-queries.ts";
import { toInstant } from "../fedify/instant.ts";
import { loadStatusViews, noteObject, statusAddressing, type LocalStatusView } from "../fedify/note-object.ts";
import { accountsById, inboxesOf, isLocal, remoteFollowerIds } from "./addressing.ts";
import type { OutboundDeps } from "./deps.ts";
import { synchronizationHeaders } from "./followers-synchronization.ts";
import { sendActivity } from "./send-activity.ts";

/**
 * The id of the Create of a local status, as Mastodon forms it. A reblog's own URI is already its
 * Announce's id (statuses mints it so), which is therefore the reblog's URI as it is.
 */
export const statusActivityId = (statusUri: string) => `${statusUri}/activity`;

/**
 * Who receives a status: remote followers unless it is direct, and the remote accounts it mentions
 * always (with the author replied to, outside direct messages, as Mastodon's reach does), plus
 * `also`. A followers-only status tells each server the digest of the author's followers there
 * (Collection-Synchronization, as Mastodon sends it).
 */
async function statusInboxes(deps: OutboundDeps, author: Account, visibility: string, reachedIds: readonly string[], also: readonly string[] = []) {
  const followers = visibility === "direct" ? [] : await remoteFollowerIds(deps.data, author.id);
  const inboxes = [...new Set([...(await inboxesOf(deps.data, [...followers, ...reachedIds], { shared: true })), ...also])];
  const synchronization = visibility === "private" ? await synchronizationHeaders(deps.data, author, followers, inboxes) : undefined;
  return { inboxes, synchronization };
}

async function localView(deps: OutboundDeps, statusId: string): Promise<LocalStatusView | undefined> {
  const [view] = await loadStatusViews(deps.data, [statusId]);
  return view && isLocal(view.author) ? view : undefined;
}

function reached(view: LocalStatusView): string[] {
  const status = view.federated.status!;
  const replied = status.visibility !== "direct" && status.inReplyToAccountId ? [status.inReplyToAccountId] : [];
  return [...status.mentionedAccountIds, ...replied];
}

/** A reblog as Announce of the original's URI, addressed as Mastodon does (the original's author in cc). */
async function announce(deps: OutboundDeps, view: LocalStatusView, reblogOfUri: string, originalAuthorId: string | undefined): Promise<void> {
  const { status } = view.federated;
  const originalAuthor = originalAuthorId === undefined ? undefined : (await accountsById(deps.data, [originalAuthorId])).get(originalAuthorId);
  const { to, cc } = statusAddressing(status!.visibility, view.author.uri, originalAuthor ? [originalAuthor.uri] : []);
  const activity = new Announce({
    id: new URL(status!.uri),
    actor: new URL(view.author.uri),
    object: new URL(reblogOfUri),
    published: status!.createdAt ? toInstant(status!.createdAt) : null,
    tos: to,
    ccs: cc,
  });
  const { inboxes } = await statusInboxes(deps, view.author, status!.visibility, originalAuthor ? [originalAuthor.id] : []);
  await sendActivity(deps, view.author, activity, inboxes);
}

/** The local author of a status that may be gone, or undefined. */
async function localAuthor(deps: OutboundDeps, accountId: string): Promise<Account | undefined> {
  const author = (await accountsById(deps.data, [accountId])).get(accountId);
  return isLocal(author) ? author : undefined;
}

/** Statuses of local accounts as Create, Update, Delete and Announce / Undo Announce. */
export const statusHandlers: EventHandlers<OutboundDeps> = {
  "status.created": async (event, _envelope, deps) => {
    if (!event.local) return;
    const view = await localView(deps, event.statusId);
    if (!view) return;
    if (view.federated.reblogOfUri) return announce(deps, view, view.federated.reblogOfUri, event.reblogOfAccountId);
    const note = noteObject(view, deps.origin);
    const status = view.federated.status!;
    const create = new Create({
      id: new URL(statusActivityId(status.uri)),
      actor: new URL(view.author.uri),
      object: note,
      published: note.published,
      tos: note.toIds,
      ccs: note.ccIds,
    });
    const { inboxes, synchronization } = await statusInboxes(deps, view.author, status.visibility, reached(view));
    await sendActivity(deps, view.author, create, inboxes, view.media, synchronization);
  },

  // An edit goes where the status is now addressed and wherever its Create went (mentions removed by the edit too).
  "status.updated": async (event, envelope, deps) => {
    if (!event.local) return;
    const view = await localView(deps, event.statusId);
    if (!view || view.federated.reblogOfUri) return;
    const note = noteObject(view, deps.origin);
    const status = view.federated.status!;
    const edited = event.editedAt?.getTime() ?? envelope.id;
    const update = new Update({
      id: new URL(`${status.uri}#updates/${edited}`),
      actor: new URL(view.author.uri),
      object: note,
      published: note.updated,
      tos: note.toIds,
      ccs: note.ccIds,
    });
    const sent = await findSentActivity(deps.data.db, statusActivityId(status.uri));
    const { inboxes, synchronization } = await statusInboxes(deps, view.author, status.visibility, reached(view), sent?.inboxes);
    await sendActivity(deps, view.author, update, inboxes, view.media, synchronization);
  },

  // The status is gone by now, so its Delete goes to the inboxes its Create was queued for. A
  // reblog's removal is sent as Undo Announce (reblog.deleted) instead.
  "status.deleted": async (event, _envelope, deps) => {
    const author = await localAuthor(deps, event.accountId);
    if (!author) return;
    const uri = `${author.uri}/statuses/${event.statusId}`;
    const sent = await findSentActivity(deps.data.db, statusActivityId(uri));
    if (!sent || sent.activityType !== "Create") return;
    const activity = new Delete({
      id: new URL(`${uri}#delete`),
      actor: new URL(author.uri),
      object: new Tombstone({ id: new URL(uri) }),
      to: PUBLIC_COLLECTION,
    });
    await sendActivity(deps, author, activity, sent.inboxes);
  },

  // Undo of the Announce as it was sent (Mastodon embeds the whole activity), to where it went.
  "reblog.deleted": async (event, _envelope, deps) => {
    const author = await localAuthor(deps, event.accountId);
    if (!author) return;
    const sent = await findSentActivity(deps.data.db, statusActivityId(`${author.uri}/statuses/${event.reblogId}`));
    if (!sent || sent.activityType !== "Announce") return;
    const undo = new Undo({
      id: new URL(`${author.uri}#announces/${event.reblogId}/undo`),
      actor: new URL(author.uri),
      object: await Announce.fromJsonLd(JSON.parse(sent.body), { contextLoader: deps.federation.createContext(new URL(deps.origin), deps.data).contextLoader }),
      to: PUBLIC_COLLECTION,
    });
    await sendActivity(deps, author, undo, sent.inboxes);
  },
};
