import { notFound } from "@starling/runtime";
import { findEdge } from "../data/follows-queries.ts";
import { acceptFollowRequest } from "./accept-follow-request.ts";
import type { AccountsDeps } from "./deps.ts";
import { remoteEdge } from "./remote-edge.ts";

/**
 * An inbound Accept: the remote target accepted the local account's pending request, which becomes
 * a follow (counters, follow.accepted). Nothing happens when it already is one; NOT_FOUND when
 * the local account never asked.
 */
export async function receiveFollowAccept(deps: AccountsDeps, request: { accountId: string; targetAccountId: string }): Promise<void> {
  const { remote, local } = await remoteEdge(deps, request, "target");
  const accepted = await deps.db.transaction(async (trx) => {
    if (await acceptFollowRequest(deps, trx, local.id, remote.id)) return true;
    if (await findEdge(deps.db, "follows", local.id, remote.id, trx)) return false;
    throw notFound("No follow request to accept");
  });
  if (accepted) deps.nudge();
}
