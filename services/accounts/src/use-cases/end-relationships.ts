import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { deleteEdgesTouching, edgesTouching } from "../data/account-deletion-queries.ts";
import { deleteBlock } from "../data/blocks-queries.ts";
import { deleteMute } from "../data/mutes-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { severFollows } from "./sever-follows.ts";

/**
 * Ends every relationship of a deleted account, both ways, inside `trx`: follows and requests
 * through the same path as a block (counters, endorsements, follow.removed), blocks and mutes with
 * block.removed / mute.removed so the timelines' copies end too, and endorsements and notes,
 * which no other service keeps.
 */
export async function endRelationships(deps: AccountsDeps, trx: Transaction, accountId: string): Promise<void> {
  const follows = [...(await edgesTouching(deps.db, trx, "follows", accountId)), ...(await edgesTouching(deps.db, trx, "follow_requests", accountId))];
  const others = new Set(follows.map((edge) => (edge.accountId === accountId ? edge.targetAccountId : edge.accountId)));
  for (const other of others) await severFollows(deps, trx, accountId, other);
  for (const edge of await edgesTouching(deps.db, trx, "blocks", accountId)) {
    if (await deleteBlock(deps.db, trx, edge.accountId, edge.targetAccountId)) await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "block.removed", edge.accountId, { ...edge })]);
  }
  for (const edge of await edgesTouching(deps.db, trx, "mutes", accountId)) {
    if (await deleteMute(deps.db, trx, edge.accountId, edge.targetAccountId)) await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "mute.removed", edge.accountId, { ...edge })]);
  }
  await deleteEdgesTouching(deps.db, trx, "endorsements", accountId);
  await deleteEdgesTouching(deps.db, trx, "account_notes", accountId);
}
