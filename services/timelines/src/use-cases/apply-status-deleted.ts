import type { Transaction } from "@starling/db";
import { streamChannels } from "@starling/events";
import { publicChannelsOf, type Broadcastable } from "../domain/public-streams.ts";
import { removeFromFeeds } from "../data/home-feed-store.ts";
import { markStatusDeleted, mentionedAccounts } from "../data/statuses-index-queries.ts";
import { lockAuthor } from "../data/author-lock.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { removeFromLists } from "./fan-out-to-lists.ts";
import { forEachFollowerBatch } from "./for-each-follower-batch.ts";
import { removeDeletedStatus } from "./direct-conversations.ts";

/** A deleted status as status.deleted describes it. */
export type DeletedStatus = Omit<Broadcastable, "inReplyToAccountId" | "reblogOfId"> & { id: string };

/**
 * status.deleted: marks the status deleted (a tombstone when its creation has not arrived yet) and
 * removes it from every feed it could be in: the author's, the mentioned accounts' and followers'.
 * Those feeds' streams and the public streams it was broadcast on get a `delete` (Mastodon sends
 * one to every follower's stream too, whether or not the status reached it). It leaves the
 * conversations holding it.
 */
export async function applyStatusDeleted(deps: FeedDeps, trx: Transaction, status: DeletedStatus): Promise<void> {
  await lockAuthor(trx, status.accountId);
  await markStatusDeleted(deps.db, trx, status.id, status.accountId);
  await removeFromLists(deps, trx, status.accountId, status.id);
  await removeDeletedStatus(deps, trx, status.id);
  const announce = (accountIds: string[]) => deps.stream?.add(accountIds.map(streamChannels.home), { event: "delete", statusId: status.id });
  const involved = [status.accountId, ...(await mentionedAccounts(deps.db, trx, status.id))];
  await removeFromFeeds(deps.kv, involved, status.id);
  announce(involved);
  await forEachFollowerBatch(deps, trx, status.accountId, async (batch) => {
    await removeFromFeeds(deps.kv, batch, status.id);
    announce(batch.filter((id) => !involved.includes(id)));
  });
  deps.stream?.add(publicChannelsOf(status), { event: "delete", statusId: status.id });
}
