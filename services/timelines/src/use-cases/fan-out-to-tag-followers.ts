import type { Transaction } from "@starling/db";
import { streamChannels } from "@starling/events";
import { addToFeeds } from "../data/home-feed-store.ts";
import type { IndexedStatus } from "../data/statuses-index-queries.ts";
import { receiversBlockingDomainOf, tagFollowersPage } from "../data/tag-follows-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { FOLLOWER_BATCH } from "./for-each-follower-batch.ts";
import { withoutHiders } from "./hide-filter.ts";

/**
 * Puts a public status (local or remote, not a reblog) into the home feeds of the accounts
 * following one of its hashtags, as Mastodon's deliver_to_hashtag_followers: not the author's, and
 * not a receiver's who blocks or mutes its author or an account it mentions, blocks its author's
 * domain, or whom its author blocks (filter_from_tags; no reply rule). Feeds already holding it
 * are unchanged. Each feed it enters gets an `update` stream message, as home fan-out's do.
 */
export async function fanOutToTagFollowers(deps: FeedDeps, trx: Transaction, status: IndexedStatus): Promise<void> {
  const tags = status.tags ?? [];
  if (status.visibility !== "public" || status.reblogOfId || tags.length === 0) return;
  let after: string | undefined;
  for (;;) {
    const batch = await tagFollowersPage(deps.db, trx, tags, after, FOLLOWER_BATCH);
    const domainBlocking = status.local ? new Set<string>() : await receiversBlockingDomainOf(deps.db, trx, batch, status.accountId);
    const receivers = await withoutHiders(deps, trx, status, batch.filter((id) => id !== status.accountId && !domainBlocking.has(id)));
    if (receivers.length > 0) {
      await addToFeeds(deps.kv, receivers, status.id);
      deps.feedWrites.inc({ cause: "tag" }, receivers.length);
      deps.stream?.add(receivers.map(streamChannels.home), { event: "update", statusId: status.id });
    }
    if (batch.length < FOLLOWER_BATCH) return;
    after = batch[batch.length - 1];
  }
}
