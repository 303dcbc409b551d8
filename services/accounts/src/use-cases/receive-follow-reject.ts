import { enqueueEvents, outboxEvent } from "@starling/events";
import { deleteEdge } from "../data/follows-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { remoteEdge } from "./remote-edge.ts";
import { endFollow } from "./sever-follows.ts";

/**
 * An inbound Reject: the remote target refused the local account's pending request
 * (follow.rejected, as when a local account rejects one), or removed it from its followers
 * (follow.removed, counters). A repeat finds neither and does nothing.
 */
export async function receiveFollowReject(deps: AccountsDeps, request: { accountId: string; targetAccountId: string }): Promise<void> {
  const { remote, local } = await remoteEdge(deps, request, "target");
  const published = await deps.db.transaction(async (trx) => {
    if (await deleteEdge(deps.db, trx, "follow_requests", local.id, remote.id)) {
      await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "follow.rejected", local.id, { accountId: local.id, targetAccountId: remote.id })]);
      return true;
    }
    return endFollow(deps, trx, local.id, remote.id);
  });
  if (published) deps.nudge();
}
