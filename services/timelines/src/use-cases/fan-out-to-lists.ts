/**
 * Fan-out to list feeds, as Mastodon's deliver_to_lists and FeedInsertWorker: a status that is not
 * direct goes to every list holding its author whose replies policy and owner's home rules let it
 * in; a reblog also passes the owner's show_reblogs and the de-duplication window. Deleting a status
 * takes it out of those lists. Each list feed a status enters, or leaves, gets an `update` (or
 * `delete`) on its `list` stream, and an edit a `status.update` on the streams of the lists the
 * status belongs in, as Mastodon's push_to_list and unpush_from_list.
 */
import type { Transaction } from "@starling/db";
import { streamChannels } from "@starling/events";
import { audienceOf, type StatusRouting } from "../domain/home-delivery.ts";
import { replyReachesList } from "../domain/list.ts";
import { receiversWithoutRecentCopy, REBLOG_FALLOFF } from "../domain/reblog-window.ts";
import { hidingReblogsOf } from "../data/follows-queries.ts";
import { listFeeds } from "../data/list-feed-store.ts";
import { listsAmongHolding, listsHolding } from "../data/lists-queries.ts";
import { reblogsAmong } from "../data/statuses-index-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { receiversOf } from "./reply-filter.ts";

/** Adds a just-recorded status to the list feeds it belongs in. */
export async function fanOutToLists(deps: FeedDeps, trx: Transaction, status: StatusRouting): Promise<void> {
  let listIds = await listsReceiving(deps, trx, status);
  if (status.reblogOfId) listIds = await withoutRecentCopy(deps, trx, status.reblogOfId, listIds);
  if (listIds.length > 0) await listFeeds.addToFeeds(deps.kv, listIds, status.id);
  deps.stream?.add(listIds.map(streamChannels.list), { event: "update", statusId: status.id });
}

/** Streams an edited status (not a reblog) to the lists it belongs in. */
export async function streamEditToLists(deps: FeedDeps, trx: Transaction, status: StatusRouting): Promise<void> {
  deps.stream?.add((await listsReceiving(deps, trx, status)).map(streamChannels.list), { event: "status.update", statusId: status.id });
}

// The lists holding the author whose replies policy, and whose owner's home rules, let the status in.
async function listsReceiving(deps: FeedDeps, trx: Transaction, status: StatusRouting): Promise<string[]> {
  if (audienceOf(status.visibility) === "mentioned") return [];
  const lists = await listsHolding(deps.db, status.accountId, trx);
  if (lists.length === 0) return [];
  const repliedTo = status.inReplyToId ? status.inReplyToAccountId : undefined;
  const holdingRepliedTo = repliedTo ? await listsAmongHolding(deps.db, trx, lists.map((l) => l.id), repliedTo) : new Set<string>();
  const byPolicy = lists.filter((l) => replyReachesList(status, l, holdingRepliedTo.has(l.id)));
  const owners = [...new Set(byPolicy.map((l) => l.accountId))];
  const admitted = new Set(await receiversOf(deps, trx, status, owners));
  if (status.reblogOfId) for (const id of await hidingReblogsOf(deps.db, trx, owners, status.accountId)) admitted.delete(id);
  return byPolicy.filter((l) => admitted.has(l.accountId)).map((l) => l.id);
}

/** Takes a deleted status out of the list feeds of the lists holding its author. */
export async function removeFromLists(deps: FeedDeps, trx: Transaction, authorId: string, statusId: string): Promise<void> {
  const listIds = (await listsHolding(deps.db, authorId, trx)).map((l) => l.id);
  if (listIds.length > 0) await listFeeds.removeFromFeeds(deps.kv, listIds, statusId);
  deps.stream?.add(listIds.map(streamChannels.list), { event: "delete", statusId });
}

// The lists whose newest entries hold neither the original nor another reblog of it.
async function withoutRecentCopy(deps: FeedDeps, trx: Transaction, originalId: string, listIds: string[]): Promise<string[]> {
  if (listIds.length === 0) return listIds;
  const tops = await listFeeds.feedTops(deps.kv, listIds, REBLOG_FALLOFF);
  const copies = await reblogsAmong(deps.db, trx, originalId, [...new Set([...tops.values()].flat())]);
  return receiversWithoutRecentCopy(tops, originalId, copies);
}
