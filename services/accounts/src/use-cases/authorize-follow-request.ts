import { notFound, type Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import type { AccountsDeps } from "./deps.ts";
import { acceptFollowRequest } from "./accept-follow-request.ts";
import { relationshipsOf, viewerAccountId } from "./get-relationships.ts";

/**
 * POST /api/v1/follow_requests/:id/authorize: `requesterId` now follows the viewer. NOT_FOUND when
 * that account has no pending request to the viewer (including an authorize already done).
 */
export async function authorizeFollowRequest(deps: AccountsDeps, viewer: Viewer | undefined, requesterId: string): Promise<Relationship> {
  const viewerId = viewerAccountId(viewer);
  const accepted = await deps.db.transaction((trx) => acceptFollowRequest(deps, trx, requesterId, viewerId));
  if (!accepted) throw notFound();
  deps.nudge();
  const [relationship] = await relationshipsOf(deps, viewerId, [requesterId]);
  return relationship!;
}
