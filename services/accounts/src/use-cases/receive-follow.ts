import { notFound } from "@starling/runtime";
import type { AccountsDeps } from "./deps.ts";
import { startFollowing, type FollowState } from "./follow-account.ts";
import { remoteEdge } from "./remote-edge.ts";

/**
 * An inbound Follow: the remote account follows the local one through the same rules and path as a
 * local follow (follow.accepted at once, or follow.requested when the target approves followers).
 * PERMISSION_DENIED when the target blocks the follower or hides its domain, so the caller
 * answers Reject. A repeated Follow changes nothing and answers the same state, which lets the
 * caller send its Accept again, as Mastodon does.
 */
export async function receiveFollow(deps: AccountsDeps, request: { accountId: string; targetAccountId: string }): Promise<FollowState> {
  const { remote, local } = await remoteEdge(deps, request, "account");
  if (local.suspendedAt) throw notFound();
  return startFollowing(deps, remote.id, local, { targetAccountId: local.id, languages: [] });
}
