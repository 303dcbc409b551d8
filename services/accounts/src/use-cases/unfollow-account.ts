import { notFound, type Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import { findAccount } from "../data/accounts-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf, viewerAccountId } from "./get-relationships.ts";
import { unfollowOrWithdraw } from "./sever-follows.ts";

/**
 * Stops following an account, or withdraws a pending request. Counters change only when a follow
 * was really removed and follow.removed is written only when a follow or request was, so
 * unfollowing twice is harmless.
 */
export async function unfollowAccount(deps: AccountsDeps, viewer: Viewer | undefined, targetAccountId: string): Promise<Relationship> {
  const accountId = viewerAccountId(viewer);
  const target = await findAccount(deps.db, targetAccountId);
  if (!target) throw notFound();
  const removed = await deps.db.transaction((trx) => unfollowOrWithdraw(deps, trx, accountId, target.id));
  if (removed) deps.nudge();
  const [relationship] = await relationshipsOf(deps, accountId, [target.id]);
  return relationship!;
}
