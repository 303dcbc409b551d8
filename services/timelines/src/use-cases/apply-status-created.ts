import type { Transaction } from "@starling/db";
import { audienceOf } from "../domain/home-delivery.ts";
import { addToFeeds } from "../data/home-feed-store.ts";
import { recordStatus, type IndexedStatus } from "../data/statuses-index-queries.ts";
import { lockAuthor } from "../data/author-lock.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { fanOutReblog } from "./fan-out-reblog.ts";
import { fanOutToLists } from "./fan-out-to-lists.ts";
import { forEachFollowerBatch } from "./for-each-follower-batch.ts";
import { receiversOf } from "./reply-filter.ts";
import { recordStatusTags } from "../data/status-tags-queries.ts";
import { fanOutToTagFollowers } from "./fan-out-to-tag-followers.ts";

/**
 * status.created: records the status, then fans it out to the author's feed and its audience's.
 * A status already known (a redelivery) or already deleted (its delete arrived first) goes nowhere.
 * Feed writes happen inside the transaction so a failed write rolls the inbox row back and the
 * retry fans out again; the writes are idempotent.
 */
export async function applyStatusCreated(deps: FeedDeps, trx: Transaction, status: IndexedStatus): Promise<void> {
  await lockAuthor(trx, status.accountId);
  if ((await recordStatus(deps.db, trx, status)) !== "recorded") return;
  await fanOutToLists(deps, trx, status);
  await recordStatusTags(deps.db, trx, { ...status, createdAt: status.createdAt ?? new Date(), tags: status.tags ?? [], hasMedia: status.hasMedia ?? false });
  if (status.reblogOfId) return fanOutReblog(deps, trx, status);
  await deliver(deps, [status.accountId], status.id);
  if (audienceOf(status.visibility) === "mentioned") {
    const mentioned = status.mentionedAccountIds.filter((id) => id !== status.accountId);
    await deliver(deps, await receiversOf(deps, trx, status, mentioned), status.id);
    return;
  }
  await forEachFollowerBatch(deps, trx, status.accountId, async (batch) => {
    const followers = batch.filter((id) => id !== status.accountId);
    await deliver(deps, await receiversOf(deps, trx, status, followers), status.id);
  });
  await fanOutToTagFollowers(deps, trx, status);
}

async function deliver(deps: FeedDeps, accountIds: string[], statusId: string): Promise<void> {
  if (accountIds.length === 0) return;
  await addToFeeds(deps.kv, accountIds, statusId);
  deps.feedWrites.inc({ cause: "fan-out" }, accountIds.length);
}
