import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { adjustFollowCounters } from "../data/accounts-queries.ts";
import { deleteEdge, findEdge, upsertEdge } from "../data/follows-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/**
 * Turns `accountId`'s pending request to follow `targetId` into a follow inside `trx`, keeping the
 * reblogs/notify/languages options the request carried: counters and follow.accepted change with
 * it. False, doing nothing, when there is no such request.
 */
export async function acceptFollowRequest(deps: AccountsDeps, trx: Transaction, accountId: string, targetId: string): Promise<boolean> {
  const request = await findEdge(deps.db, "follow_requests", accountId, targetId, trx);
  if (!request) return false;
  await deleteEdge(deps.db, trx, "follow_requests", accountId, targetId);
  // The follow gets an id of its own, so follower lists (paged by follow id) order it by acceptance.
  const follow = { ...request, id: deps.newId(), createdAt: deps.now() };
  if (!(await upsertEdge(deps.db, trx, "follows", follow))) return true;
  await adjustFollowCounters(deps.db, trx, accountId, { following: 1 });
  await adjustFollowCounters(deps.db, trx, targetId, { followers: 1 });
  await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "follow.accepted", accountId, { followId: follow.id, accountId, targetAccountId: targetId, showReblogs: follow.showReblogs, notify: follow.notify, requestId: request.id })]);
  return true;
}
