/**
 * Fan-out to list feeds, as Mastodon's deliver_to_lists and FeedInsertWorker: a status that is not
 * direct goes to every list holding its author whose replies policy and owner's home rules let it
 * in; a reblog also passes the owner's show_reblogs and the de-duplication window. Deleting a status
 * takes it out of those lists.
 *
 * Both resolve the ids of the lists they changed: the seam for the `list` stream, which should
 * queue an `update` (or `delete`) for `timeline:list:<id>` of each.
 */
import type { Transaction } from "@starling/db";
import { audienceOf, type StatusRouting } from "../domain/home-delivery.ts";
import { replyReachesList } from "../domain/list.ts";
import { receiversWithoutRecentCopy, REBLOG_FALLOFF } from "../domain/reblog-window.ts";
import { hidingReblogsOf } from "../data/follows-queries.ts";
import { listFeeds } from "../data/list-feed-store.ts";
import { listsAmongHolding, listsHolding } from "../data/lists-queries.ts";
import { reblogsAmong } from "../data/statuses-index-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { receiversOf } from "./reply-filter.ts";

/** Adds a just-recorded status to the list feeds it belongs in; resolves their ids. */
export async function fanOutToLists(deps: FeedDeps, trx: Transaction, status: StatusRouting): Promise<string[]> {
  if (audienceOf(status.visibility) === "mentioned") return [];
  const lists = await listsHolding(deps.db, status.accountId, trx);
  if (lists.length === 0) return [];
  const repliedTo = status.inReplyToId ? status.inReplyToAccountId : undefined;
  const holdingRepliedTo = repliedTo ? await listsAmongHolding(deps.db, trx, lists.map((l) => l.id), repliedTo) : new Set<string>();
  const byPolicy = lists.filter((l) => replyReachesList(status, l, holdingRepliedTo.has(l.id)));
  const owners = [...new Set(byPolicy.map((l) => l.accountId))];
  const admitted = new Set(await receiversOf(deps, trx, status, owners));
  if (status.reblogOfId) for (const id of await hidingReblogsOf(deps.db, trx, owners, status.accountId)) admitted.delete(id);
  let listIds = byPolicy.filter((l) => admitted.has(l.accountId)).map((l) => l.id);
  if (status.reblogOfId) listIds = await withoutRecentCopy(deps, trx, status.reblogOfId, listIds);
  if (listIds.length > 0) await listFeeds.addToFeeds(deps.kv, listIds, status.id);
  return listIds;
}

/** Takes a deleted status out of the list feeds of the lists holding its author; resolves their ids. */
export async function removeFromLists(deps: FeedDeps, trx: Transaction, authorId: string, statusId: string): Promise<string[]> {
  const listIds = (await listsHolding(deps.db, authorId, trx)).map((l) => l.id);
  if (listIds.length > 0) await listFeeds.removeFromFeeds(deps.kv, listIds, statusId);
  return listIds;
}

// The lists whose newest entries hold neither the original nor another reblog of it.
async function withoutRecentCopy(deps: FeedDeps, trx: Transaction, originalId: string, listIds: string[]): Promise<string[]> {
  if (listIds.length === 0) return listIds;
  const tops = await listFeeds.feedTops(deps.kv, listIds, REBLOG_FALLOFF);
  const copies = await reblogsAmong(deps.db, trx, originalId, [...new Set([...tops.values()].flat())]);
  return receiversWithoutRecentCopy(tops, originalId, copies);
}
