import type { Transaction } from "@starling/db";
import { applyRestrictionFlag } from "../data/account-restrictions-queries.ts";
import { lockAuthor } from "../data/author-lock.ts";
import { homeFeeds } from "../data/home-feed-store.ts";
import { listFeeds } from "../data/list-feed-store.ts";
import { listsOf } from "../data/lists-queries.ts";
import { idsByAuthor } from "../data/statuses-index-queries.ts";
import { mergeIntoHome } from "./apply-follow-change.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { forEachFollowerBatch } from "./for-each-follower-batch.ts";

/**
 * account.suspended: the author's statuses leave every follower's home and lists at once (Mastodon's
 * suspension removes them from feeds), and public timelines and feed rebuilds leave them out from
 * then on. The author lock keeps a fan-out from slipping in beside the clean-up.
 */
export async function applyAccountSuspended(deps: FeedDeps, trx: Transaction, accountId: string, occurredAt: Date): Promise<void> {
  await lockAuthor(trx, accountId);
  if (!(await applyRestrictionFlag(deps.db, trx, accountId, "suspended", true, occurredAt))) return;
  await forEachFollowerBatch(deps, trx, accountId, async (followers) => {
    for (const follower of followers) {
      await removeAuthorFrom(deps, trx, homeFeeds, follower, accountId);
      for (const list of await listsOf(deps.db, follower, trx)) await removeAuthorFrom(deps, trx, listFeeds, list.id, accountId);
    }
  });
}

/** account.unsuspended: the author's recent statuses come back into its followers' homes. */
export async function applyAccountUnsuspended(deps: FeedDeps, trx: Transaction, accountId: string, occurredAt: Date): Promise<void> {
  await lockAuthor(trx, accountId);
  if (!(await applyRestrictionFlag(deps.db, trx, accountId, "suspended", false, occurredAt))) return;
  await forEachFollowerBatch(deps, trx, accountId, async (followers) => {
    for (const follower of followers) await mergeIntoHome(deps, trx, follower, accountId);
  });
}

/** account.restricted: a silenced account's statuses stay off public and hashtag timelines. */
export async function applyAccountRestricted(deps: FeedDeps, trx: Transaction, accountId: string, silenced: boolean, occurredAt: Date): Promise<void> {
  await applyRestrictionFlag(deps.db, trx, accountId, "silenced", silenced, occurredAt);
}

async function removeAuthorFrom(deps: FeedDeps, trx: Transaction, feeds: typeof homeFeeds, feedId: string, authorId: string): Promise<void> {
  const inFeed = await feeds.feedIds(deps.kv, feedId);
  await feeds.removeManyFromFeed(deps.kv, feedId, await idsByAuthor(deps.db, trx, inFeed, authorId));
}
