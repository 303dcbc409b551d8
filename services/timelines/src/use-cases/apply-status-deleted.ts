import type { Transaction } from "@starling/db";
import { removeFromFeeds } from "../data/home-feed-store.ts";
import { markStatusDeleted, mentionedAccounts } from "../data/statuses-index-queries.ts";
import { lockAuthor } from "../data/author-lock.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { removeFromLists } from "./fan-out-to-lists.ts";
import { forEachFollowerBatch } from "./for-each-follower-batch.ts";

/**
 * status.deleted: marks the status deleted (a tombstone when its creation has not arrived yet) and
 * removes it from every feed it could be in: the author's, the mentioned accounts' and followers'.
 */
export async function applyStatusDeleted(deps: FeedDeps, trx: Transaction, statusId: string, authorId: string): Promise<void> {
  await lockAuthor(trx, authorId);
  await markStatusDeleted(deps.db, trx, statusId, authorId);
  await removeFromLists(deps, trx, authorId, statusId);
  await removeFromFeeds(deps.kv, [authorId, ...(await mentionedAccounts(deps.db, trx, statusId))], statusId);
  await forEachFollowerBatch(deps, trx, authorId, (batch) => removeFromFeeds(deps.kv, batch, statusId));
}
