/**
 * A list's members (Mastodon's Api::V1::Lists::AccountsController): adding merges the account's
 * latest statuses into the list feed, removing drops its statuses from it (merge_into_list and
 * unmerge_from_list); an unfollow takes the account out of the follower's lists.
 */
import type { Transaction } from "@starling/db";
import { isId, pageCursors, parsePage, type PageCursors, type PageInput } from "@starling/paging";
import { invalidArgument, notFound } from "@starling/runtime";
import type { List } from "../domain/list.ts";
import { lockAuthor } from "../data/author-lock.ts";
import { followedBy, hidingReblogsOf } from "../data/follows-queries.ts";
import { listFeeds } from "../data/list-feed-store.ts";
import { deleteMembers, insertMembers, listMembers, listsHolding } from "../data/lists-queries.ts";
import { FEED_SIZE } from "../data/feed-store.ts";
import { idsByAuthor, latestForFollowers } from "../data/statuses-index-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { statusesForList } from "./list-filter.ts";
import { requireOwnedList } from "./manage-lists.ts";

/** Members are paged as Mastodon's account lists: 40 by default, 80 at most. */
const MEMBER_PAGE_LIMITS = { default: 40, max: 80 };

/** One page of a list's members, newest account id first, or every member when `all` (Mastodon's limit=0). */
export async function getListMembers(deps: FeedDeps, ownerId: string, listId: string, page: PageInput | undefined, all: boolean): Promise<{ accountIds: string[]; cursors: PageCursors }> {
  const list = await requireOwnedList(deps, ownerId, listId);
  if (all) return { accountIds: await listMembers(deps.db, list.id), cursors: {} };
  const parsed = parsePage(page, MEMBER_PAGE_LIMITS);
  const accountIds = await listMembers(deps.db, list.id, parsed);
  return { accountIds, cursors: pageCursors(accountIds, parsed.limit) };
}

/**
 * Adds accounts the owner follows (or the owner itself), all or none: one not followed is NOT_FOUND
 * (Mastodon 4.0 looks the follow up with find_by!), one already in is a validation error.
 */
export async function addListMembers(deps: FeedDeps, ownerId: string, listId: string, accountIds: string[]): Promise<void> {
  const list = await requireOwnedList(deps, ownerId, listId);
  const ids = [...new Set(accountIds)].sort();
  if (ids.length === 0) return;
  if (!ids.every(isId)) throw notFound();
  await deps.db.transaction(async (trx) => {
    // Locked as fan-out locks an author, so a status posted meanwhile is either merged or fanned out.
    for (const id of ids) await lockAuthor(trx, id);
    const followed = await followedBy(deps.db, ownerId, trx, ids);
    if (ids.some((id) => id !== ownerId && !followed.has(id))) throw notFound();
    if ((await insertMembers(deps.db, trx, list.id, ids)).length > 0) throw invalidArgument("Validation failed: Account has already been taken");
    for (const id of ids) await mergeIntoList(deps, trx, list, id);
  });
}

/** Removes members; ids that are not members are ignored. */
export async function removeListMembers(deps: FeedDeps, ownerId: string, listId: string, accountIds: string[]): Promise<void> {
  const list = await requireOwnedList(deps, ownerId, listId);
  const ids = [...new Set(accountIds)].filter(isId).sort();
  if (ids.length === 0) return;
  await deps.db.transaction((trx) => dropMembers(deps, trx, list.id, ids));
}

/** follow.removed: the unfollowed account leaves the follower's lists, its statuses with it. */
export async function dropUnfollowedFromLists(deps: FeedDeps, trx: Transaction, followerId: string, targetId: string): Promise<void> {
  for (const list of await listsHolding(deps.db, targetId, trx, followerId)) await dropMembers(deps, trx, list.id, [targetId]);
}

async function mergeIntoList(deps: FeedDeps, trx: Transaction, list: List, memberId: string): Promise<void> {
  const hidesReblogs = (await hidingReblogsOf(deps.db, trx, [list.accountId], memberId)).size > 0;
  const latest = (await latestForFollowers(deps.db, trx, memberId, FEED_SIZE)).filter((s) => !(hidesReblogs && s.reblogOfId));
  const ids = (await statusesForList(deps, list, latest, trx)).map((s) => s.id);
  await listFeeds.addManyToFeed(deps.kv, list.id, ids);
}

async function dropMembers(deps: FeedDeps, trx: Transaction, listId: string, accountIds: string[]): Promise<void> {
  const removed = await deleteMembers(deps.db, trx, listId, accountIds);
  if (removed.length === 0) return;
  const inFeed = await listFeeds.feedIds(deps.kv, listId);
  for (const memberId of removed) await listFeeds.removeManyFromFeed(deps.kv, listId, await idsByAuthor(deps.db, trx, inFeed, memberId));
}
