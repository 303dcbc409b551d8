import type { Transaction } from "@starling/db";
import { acceptableRequestsTo } from "../data/follow-graph-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { acceptFollowRequest } from "./accept-follow-request.ts";

/**
 * When an account stops approving followers, accepts its pending requests inside the caller's
 * transaction, except those from silenced accounts and accounts it mutes: the spec keeps those
 * pending. Returns whether any follow.accepted was written, so the caller nudges the relay after
 * commit.
 */
export async function acceptRequestsOnUnlock(deps: AccountsDeps, trx: Transaction, accountId: string): Promise<boolean> {
  const requesters = await acceptableRequestsTo(deps.db, trx, accountId, deps.now());
  let accepted = false;
  for (const requesterId of requesters) accepted = (await acceptFollowRequest(deps, trx, requesterId, accountId)) || accepted;
  return accepted;
}
