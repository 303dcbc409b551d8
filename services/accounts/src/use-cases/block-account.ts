import { enqueueEvents, outboxEvent } from "@starling/events";
import type { Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import { insertBlock } from "../data/blocks-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf } from "./get-relationships.ts";
import { relationshipTarget } from "./relationship-target.ts";
import { severFollows } from "./sever-follows.ts";

/**
 * Blocks an account: records the block, ends follows and follow requests both ways (counters and
 * follow.removed included) and writes block.created, all in one transaction. Blocking again
 * changes nothing.
 */
export async function blockAccount(deps: AccountsDeps, viewer: Viewer | undefined, targetAccountId: string): Promise<Relationship> {
  const { accountId, target } = await relationshipTarget(deps, viewer, targetAccountId);
  await recordBlock(deps, accountId, target.id);
  const [relationship] = await relationshipsOf(deps, accountId, [target.id]);
  return relationship!;
}

/** The block itself, by a local user or by a remote account (an inbound Block activity). */
export async function recordBlock(deps: AccountsDeps, accountId: string, targetId: string): Promise<void> {
  const published = await deps.db.transaction(async (trx) => {
    const block = { id: deps.newId(), accountId, targetAccountId: targetId, createdAt: deps.now() };
    // Follows are severed even on a repeat: one that slipped in beside a racing block goes too.
    const severed = await severFollows(deps, trx, accountId, targetId);
    if (!(await insertBlock(deps.db, trx, block))) return severed;
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "block.created", accountId, { blockId: block.id, accountId, targetAccountId: targetId })]);
    return true;
  });
  if (published) deps.nudge();
}
