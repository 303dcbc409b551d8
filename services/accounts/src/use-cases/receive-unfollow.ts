import type { AccountsDeps } from "./deps.ts";
import { remoteEdge } from "./remote-edge.ts";
import { unfollowOrWithdraw } from "./sever-follows.ts";

/**
 * An inbound Undo(Follow): the remote account stops following the local one or withdraws its
 * request, as a local unfollow does (follow.removed, counters). A repeat does nothing.
 */
export async function receiveUnfollow(deps: AccountsDeps, request: { accountId: string; targetAccountId: string }): Promise<void> {
  const { remote, local } = await remoteEdge(deps, request, "account");
  const removed = await deps.db.transaction((trx) => unfollowOrWithdraw(deps, trx, remote.id, local.id));
  if (removed) deps.nudge();
}
