import { notFound, type Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import { adjustFollowCounters, findAccount } from "../data/accounts-queries.ts";
import { deleteEdge } from "../data/follows-queries.ts";
import { enqueueAccountEvent } from "../data/outbox-writes.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf, viewerAccountId } from "./get-relationships.ts";

/**
 * Stops following an account, or withdraws a pending request. Counters and follow.removed change
 * only when a follow was really removed, so unfollowing twice is harmless.
 */
export async function unfollowAccount(deps: AccountsDeps, viewer: Viewer | undefined, targetAccountId: string): Promise<Relationship> {
  const accountId = viewerAccountId(viewer);
  const target = await findAccount(deps.db, targetAccountId);
  if (!target) throw notFound();
  const removed = await deps.db.transaction(async (trx) => {
    await deleteEdge(deps.db, trx, "follow_requests", accountId, target.id);
    if (!(await deleteEdge(deps.db, trx, "follows", accountId, target.id))) return false;
    await adjustFollowCounters(deps.db, trx, accountId, { following: -1 });
    await adjustFollowCounters(deps.db, trx, target.id, { followers: -1 });
    await enqueueAccountEvent(deps.db, trx, "follow.removed", accountId, { accountId, targetAccountId: target.id });
    return true;
  });
  if (removed) deps.nudge();
  const [relationship] = await relationshipsOf(deps, accountId, [target.id]);
  return relationship!;
}
