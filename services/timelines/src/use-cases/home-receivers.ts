import type { Transaction } from "@starling/db";
import { audienceOf, type StatusRouting } from "../domain/home-delivery.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { forEachFollowerBatch } from "./for-each-follower-batch.ts";
import { receiversOf } from "./reply-filter.ts";

/**
 * Calls `fn` with the home feeds a status (not a reblog) belongs in, a batch at a time, its
 * author's first: the accounts a direct status mentions, or the author's followers, each through
 * the reply rule and blocks and mutes.
 */
export async function forEachHomeReceiverBatch(
  deps: FeedDeps,
  trx: Transaction,
  status: StatusRouting & { mentionedAccountIds: string[] },
  fn: (accountIds: string[]) => Promise<void>,
): Promise<void> {
  const deliver = async (accountIds: string[]) => (accountIds.length > 0 ? fn(accountIds) : undefined);
  await deliver([status.accountId]);
  if (audienceOf(status.visibility) === "mentioned") {
    const mentioned = status.mentionedAccountIds.filter((id) => id !== status.accountId);
    await deliver(await receiversOf(deps, trx, status, mentioned));
    return;
  }
  await forEachFollowerBatch(deps, trx, status.accountId, async (batch) => {
    const followers = batch.filter((id) => id !== status.accountId);
    await deliver(await receiversOf(deps, trx, status, followers));
  });
}
