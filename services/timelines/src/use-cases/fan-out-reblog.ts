import type { Transaction } from "@starling/db";
import { streamChannels } from "@starling/events";
import { receiversWithoutRecentCopy, REBLOG_FALLOFF } from "../domain/reblog-window.ts";
import { hidingReblogsOf } from "../data/follows-queries.ts";
import { addToFeeds, feedTops } from "../data/home-feed-store.ts";
import { reblogsAmong, type IndexedStatus } from "../data/statuses-index-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { forEachFollowerBatch } from "./for-each-follower-batch.ts";
import { withoutHiders } from "./hide-filter.ts";

/**
 * A recorded reblog goes to the reblogger's own feed and to followers that show its reblogs and do
 * not hide either author (Mastodon's filter_from_home), leaving out feeds whose newest entries
 * already hold the original or another reblog of it.
 */
export async function fanOutReblog(deps: FeedDeps, trx: Transaction, reblog: IndexedStatus): Promise<void> {
  await deliverReblog(deps, trx, reblog, [reblog.accountId]);
  await forEachFollowerBatch(deps, trx, reblog.accountId, async (batch) => {
    const followers = batch.filter((id) => id !== reblog.accountId);
    const hidingReblogs = await hidingReblogsOf(deps.db, trx, followers, reblog.accountId);
    const receivers = await withoutHiders(deps, trx, reblog, followers.filter((id) => !hidingReblogs.has(id)));
    await deliverReblog(deps, trx, reblog, receivers);
  });
}

async function deliverReblog(deps: FeedDeps, trx: Transaction, reblog: IndexedStatus, receiverIds: string[]): Promise<void> {
  if (receiverIds.length === 0) return;
  const originalId = reblog.reblogOfId ?? "";
  const tops = await feedTops(deps.kv, receiverIds, REBLOG_FALLOFF);
  const copies = await reblogsAmong(deps.db, trx, originalId, [...new Set([...tops.values()].flat())]);
  const receivers = receiversWithoutRecentCopy(tops, originalId, copies);
  if (receivers.length === 0) return;
  await addToFeeds(deps.kv, receivers, reblog.id);
  deps.feedWrites.inc({ cause: "fan-out" }, receivers.length);
  deps.stream?.add(receivers.map(streamChannels.home), { event: "update", statusId: reblog.id });
}
