import type { Transaction } from "@starling/db";
import { streamChannels } from "@starling/events";
import { publicChannelsOf, type Broadcastable } from "../domain/public-streams.ts";
import { addToFeeds } from "../data/home-feed-store.ts";
import { recordStatus, type IndexedStatus } from "../data/statuses-index-queries.ts";
import { lockAuthor } from "../data/author-lock.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { fanOutReblog } from "./fan-out-reblog.ts";
import { fanOutToLists } from "./fan-out-to-lists.ts";
import { forEachHomeReceiverBatch } from "./home-receivers.ts";
import { recordStatusTags } from "../data/status-tags-queries.ts";
import { fanOutToTagFollowers } from "./fan-out-to-tag-followers.ts";
import { addDirectStatus } from "./direct-conversations.ts";

/**
 * status.created: records the status, then fans it out to the author's feed and its audience's.
 * A status already known (a redelivery) or already deleted (its delete arrived first) goes nowhere.
 * Feed writes happen inside the transaction so a failed write rolls the inbox row back and the
 * retry fans out again; the writes are idempotent. Every feed it enters, and the public streams it
 * is broadcast on, get an `update` stream message; a direct status joins its participants' conversations.
 */
export async function applyStatusCreated(deps: FeedDeps, trx: Transaction, status: IndexedStatus & Pick<Broadcastable, "tags" | "hasMedia">): Promise<void> {
  await lockAuthor(trx, status.accountId);
  if ((await recordStatus(deps.db, trx, status)) !== "recorded") return;
  await fanOutToLists(deps, trx, status);
  await recordStatusTags(deps.db, trx, { ...status, createdAt: status.createdAt ?? new Date(), tags: status.tags ?? [], hasMedia: status.hasMedia ?? false });
  if (status.reblogOfId) return fanOutReblog(deps, trx, status);
  await addDirectStatus(deps, trx, status);
  deps.stream?.add(publicChannelsOf(status), { event: "update", statusId: status.id });
  await forEachHomeReceiverBatch(deps, trx, status, async (accountIds) => {
    await addToFeeds(deps.kv, accountIds, status.id);
    deps.feedWrites.inc({ cause: "fan-out" }, accountIds.length);
    deps.stream?.add(accountIds.map(streamChannels.home), { event: "update", statusId: status.id });
  });
  await fanOutToTagFollowers(deps, trx, status);
}
