import { enqueueEvents, outboxEvent } from "@starling/events";
import type { Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import { deleteBlock } from "../data/blocks-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf } from "./get-relationships.ts";
import { relationshipTarget } from "./relationship-target.ts";

/** Lifts a block; block.removed only when there was one. Follows ended by the block stay ended. */
export async function unblockAccount(deps: AccountsDeps, viewer: Viewer | undefined, targetAccountId: string): Promise<Relationship> {
  const { accountId, target } = await relationshipTarget(deps, viewer, targetAccountId);
  await liftBlock(deps, accountId, target.id);
  const [relationship] = await relationshipsOf(deps, accountId, [target.id]);
  return relationship!;
}

/** The unblock itself, by a local user or by a remote account (an inbound Undo Block). */
export async function liftBlock(deps: AccountsDeps, accountId: string, targetId: string): Promise<void> {
  const removed = await deps.db.transaction(async (trx) => {
    if (!(await deleteBlock(deps.db, trx, accountId, targetId))) return false;
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "block.removed", accountId, { accountId, targetAccountId: targetId })]);
    return true;
  });
  if (removed) deps.nudge();
}
