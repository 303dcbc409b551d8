import type { Transaction } from "@starling/db";
import { applyFollowChange, hidingReblogsOf } from "../data/follows-queries.ts";
import { addManyToFeed, feedIds, FEED_SIZE, removeManyFromFeed } from "../data/home-feed-store.ts";
import { idsByAuthor, latestForFollowers } from "../data/statuses-index-queries.ts";
import { lockAuthor } from "../data/author-lock.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { dropUnfollowedFromLists } from "./list-members.ts";
import { statusesFor } from "./reply-filter.ts";

/** A follow.accepted or follow.removed, with the time it happened. */
export interface FollowEvent {
  accountId: string;
  targetAccountId: string;
  showReblogs: boolean;
  notify: boolean;
  occurredAt: Date;
}

/**
 * follow.accepted: records the follow and merges the target's latest statuses into the follower's
 * feed (Mastodon's merge_into_home). An event older than the stored state changes nothing.
 */
export async function applyFollowAccepted(deps: FeedDeps, trx: Transaction, follow: FollowEvent): Promise<void> {
  await lockAuthor(trx, follow.targetAccountId);
  const applied = await applyFollowChange(deps.db, trx, { ...follow, active: true, changedAt: follow.occurredAt });
  if (applied) await mergeIntoHome(deps, trx, follow.accountId, follow.targetAccountId);
}

/** Merges an author's latest statuses into a receiver's home, under the fan-out rules. */
export async function mergeIntoHome(deps: FeedDeps, trx: Transaction, receiverId: string, authorId: string): Promise<void> {
  const hidesReblogs = (await hidingReblogsOf(deps.db, trx, [receiverId], authorId)).size > 0;
  const latest = (await latestForFollowers(deps.db, trx, authorId, FEED_SIZE)).filter((s) => !(hidesReblogs && s.reblogOfId));
  const ids = (await statusesFor(deps, receiverId, latest, trx)).map((s) => s.id);
  await addManyToFeed(deps.kv, receiverId, ids);
  deps.feedWrites.inc({ cause: "merge" }, ids.length);
}

/**
 * follow.removed: records the unfollow (kept as a row, so a late follow.accepted that happened
 * before it cannot revive the follow) and removes the target's statuses from the follower's feed.
 */
export async function applyFollowRemoved(deps: FeedDeps, trx: Transaction, follow: FollowEvent): Promise<void> {
  await lockAuthor(trx, follow.targetAccountId);
  const applied = await applyFollowChange(deps.db, trx, { ...follow, active: false, changedAt: follow.occurredAt });
  if (!applied || follow.accountId === follow.targetAccountId) return;
  await dropUnfollowedFromLists(deps, trx, follow.accountId, follow.targetAccountId);
  const inFeed = await feedIds(deps.kv, follow.accountId);
  await removeManyFromFeed(deps.kv, follow.accountId, await idsByAuthor(deps.db, trx, inFeed, follow.targetAccountId));
}
