import { enqueueEvents, outboxEvent } from "@starling/events";
import type { Viewer } from "@starling/runtime";
import type { Relationship } from "../domain/relationship.ts";
import { deleteMute } from "../data/mutes-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { relationshipsOf } from "./get-relationships.ts";
import { relationshipTarget } from "./relationship-target.ts";

/**
 * Lifts a mute. A row that ran out but was not swept yet is removed too, with mute.removed, since
 * the sweep will no longer find it to announce.
 */
export async function unmuteAccount(deps: AccountsDeps, viewer: Viewer | undefined, targetAccountId: string): Promise<Relationship> {
  const { accountId, target } = await relationshipTarget(deps, viewer, targetAccountId);
  const removed = await deps.db.transaction(async (trx) => {
    if (!(await deleteMute(deps.db, trx, accountId, target.id))) return false;
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "mute.removed", accountId, { accountId, targetAccountId: target.id })]);
    return true;
  });
  if (removed) deps.nudge();
  const [relationship] = await relationshipsOf(deps, accountId, [target.id]);
  return relationship!;
}
