import { notFound, type Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import { findAccount } from "../data/accounts-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf, viewerAccountId } from "./get-relationships.ts";
import { endFollow } from "./sever-follows.ts";

/**
 * POST /api/v1/accounts/:id/remove_from_followers: the account stops following the viewer, as if
 * it had unfollowed (counters, its endorsement of the viewer, follow.removed). Harmless when it did
 * not follow.
 */
export async function removeFromFollowers(deps: AccountsDeps, viewer: Viewer | undefined, followerId: string): Promise<Relationship> {
  const viewerId = viewerAccountId(viewer);
  const follower = await findAccount(deps.db, followerId);
  if (!follower) throw notFound();
  const removed = await deps.db.transaction((trx) => endFollow(deps, trx, follower.id, viewerId));
  if (removed) deps.nudge();
  const [relationship] = await relationshipsOf(deps, viewerId, [follower.id]);
  return relationship!;
}
