import type { Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import { deleteBlock } from "../data/blocks-queries.ts";
import { enqueueAccountEvent } from "../data/outbox-writes.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf } from "./get-relationships.ts";
import { relationshipTarget } from "./relationship-target.ts";

/** Lifts a block; block.removed only when there was one. Follows ended by the block stay ended. */
export async function unblockAccount(deps: AccountsDeps, viewer: Viewer | undefined, targetAccountId: string): Promise<Relationship> {
  const { accountId, target } = await relationshipTarget(deps, viewer, targetAccountId);
  const removed = await deps.db.transaction(async (trx) => {
    if (!(await deleteBlock(deps.db, trx, accountId, target.id))) return false;
    await enqueueAccountEvent(deps.db, trx, "block.removed", accountId, { accountId, targetAccountId: target.id });
    return true;
  });
  if (removed) deps.nudge();
  const [relationship] = await relationshipsOf(deps, accountId, [target.id]);
  return relationship!;
}
