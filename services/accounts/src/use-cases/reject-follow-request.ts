import { enqueueEvents, outboxEvent } from "@starling/events";
import { notFound, type Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import { deleteEdge } from "../data/follows-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf, viewerAccountId } from "./get-relationships.ts";

/**
 * POST /api/v1/follow_requests/:id/reject: drops `requesterId`'s pending request to the viewer and
 * announces follow.rejected. NOT_FOUND when there is no such request.
 */
export async function rejectFollowRequest(deps: AccountsDeps, viewer: Viewer | undefined, requesterId: string): Promise<Relationship> {
  const viewerId = viewerAccountId(viewer);
  const rejected = await deps.db.transaction(async (trx) => {
    if (!(await deleteEdge(deps.db, trx, "follow_requests", requesterId, viewerId))) return false;
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "follow.rejected", requesterId, { accountId: requesterId, targetAccountId: viewerId })]);
    return true;
  });
  if (!rejected) throw notFound();
  deps.nudge();
  const [relationship] = await relationshipsOf(deps, viewerId, [requesterId]);
  return relationship!;
}
