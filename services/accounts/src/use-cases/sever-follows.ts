import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { adjustFollowCounters } from "../data/accounts-queries.ts";
import { deleteEdge } from "../data/follows-queries.ts";
import { deleteEndorsement } from "../data/endorsements-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/**
 * Ends `accountId`'s follow of `targetId` and its pending request, inside `trx`. Counters and
 * follow.removed change only when a follow was really there. Resolves whether an event was written.
 */
export async function endFollow(deps: AccountsDeps, trx: Transaction, accountId: string, targetId: string): Promise<boolean> {
  await deleteEdge(deps.db, trx, "follow_requests", accountId, targetId);
  if (!(await deleteEdge(deps.db, trx, "follows", accountId, targetId))) return false;
  // Only followed accounts can be endorsed, so the endorsement ends with the follow (as in Mastodon).
  await deleteEndorsement(deps.db, accountId, targetId, trx);
  await adjustFollowCounters(deps.db, trx, accountId, { following: -1 });
  await adjustFollowCounters(deps.db, trx, targetId, { followers: -1 });
  await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "follow.removed", accountId, { accountId, targetAccountId: targetId })]);
  return true;
}

/**
 * An unfollow, inside `trx`: ends the follow as endFollow does, or withdraws a pending request,
 * which is announced with follow.removed too so that the federation service can send Undo(Follow)
 * to a remote account that has not answered yet. Resolves whether an event was written.
 */
export async function unfollowOrWithdraw(deps: AccountsDeps, trx: Transaction, accountId: string, targetId: string): Promise<boolean> {
  const withdrawn = await deleteEdge(deps.db, trx, "follow_requests", accountId, targetId);
  if (await endFollow(deps, trx, accountId, targetId)) return true;
  if (withdrawn) await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "follow.removed", accountId, { accountId, targetAccountId: targetId })]);
  return withdrawn;
}

/** Ends follows and requests both ways between two accounts (a block does). */
export async function severFollows(deps: AccountsDeps, trx: Transaction, a: string, b: string): Promise<boolean> {
  const ab = await endFollow(deps, trx, a, b);
  const ba = await endFollow(deps, trx, b, a);
  return ab || ba;
}
