import { enqueueEvents, outboxEvent } from "@starling/events";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { notFound, ServiceError } from "@starling/runtime";
import type { Account } from "../domain/account.ts";
import { findEdge } from "../data/follows-queries.ts";
import { localFollowerIds, recordRemoteMove } from "../data/remote-accounts-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { startFollowing } from "./follow-account.ts";
import { assertRemote, edgeAccounts } from "./remote-edge.ts";
import { endFollow } from "./sever-follows.ts";

/**
 * An inbound Move (the caller checked that the new account lists the old one in alsoKnownAs): as
 * Mastodon's MoveWorker, each local follower of the old account follows the new one, keeping its
 * options (a request when the new account is remote or approves followers), and then stops
 * following the old one. A follower the rules keep from following the new account (a block) stays
 * where it was. The old account then shows the move, and account.moved is written when this call
 * recorded it or moved anyone, so repeating the Move does nothing.
 */
export async function receiveMove(deps: AccountsDeps, request: { accountId: string; targetAccountId: string }): Promise<void> {
  const [origin, target] = await edgeAccounts(deps, request.accountId, request.targetAccountId);
  assertRemote(origin);
  if (target.suspendedAt) throw notFound();
  let moved = 0;
  for (const followerId of await localFollowerIds(deps.db, origin.id)) {
    if (await refollow(deps, followerId, origin.id, target)) moved += 1;
  }
  const announced = await deps.db.transaction(async (trx) => {
    if (!(await recordRemoteMove(deps.db, trx, origin.id, target.id, deps.now())) && moved === 0) return false;
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.moved", origin.id, { accountId: origin.id, targetAccountId: target.id })]);
    return true;
  });
  if (announced) deps.nudge();
}

/** Moves one follower from `originId` to `target`; false when it stays (or was gone already). */
async function refollow(deps: AccountsDeps, followerId: string, originId: string, target: Account): Promise<boolean> {
  const follow = await findEdge(deps.db, "follows", followerId, originId);
  if (!follow || followerId === target.id) return false;
  try {
    await startFollowing(deps, followerId, target, { targetAccountId: target.id, reblogs: follow.showReblogs, notify: follow.notify, languages: follow.languages ?? [] });
  } catch (error) {
    if (error instanceof ServiceError && error.code === GrpcStatus.PERMISSION_DENIED) return false;
    throw error;
  }
  const ended = await deps.db.transaction((trx) => endFollow(deps, trx, followerId, originId));
  if (ended) deps.nudge();
  return true;
}
