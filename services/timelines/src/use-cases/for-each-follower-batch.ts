import type { Transaction } from "@starling/db";
import { followersPage } from "../data/follows-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";

/** Followers handled per step: one query and one pipelined batch of feed writes each. */
export const FOLLOWER_BATCH = 1000;

/** Calls `fn` with the active followers of `authorId`, a batch at a time, in account id order. */
export async function forEachFollowerBatch(deps: FeedDeps, trx: Transaction, authorId: string, fn: (batch: string[]) => Promise<void>): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const batch = await followersPage(deps.db, trx, authorId, after, FOLLOWER_BATCH);
    if (batch.length > 0) await fn(batch);
    if (batch.length < FOLLOWER_BATCH) return;
    after = batch[batch.length - 1];
  }
}
