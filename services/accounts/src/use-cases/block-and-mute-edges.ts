import type { Transaction } from "@starling/db";
import type { BlockAndMuteEdges } from "../domain/relationship.ts";
import { blockedAmong, blockersAmong } from "../data/blocks-queries.ts";
import { onBlockedDomainsAmong } from "../data/domain-blocks-queries.ts";
import { liveMutesAmong } from "../data/mutes-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/** The blocks, live mutes and domain blocks between `accountId` and each of `ids`, by id. */
export async function blockAndMuteEdgesOf(deps: AccountsDeps, accountId: string, ids: readonly string[], trx?: Transaction): Promise<Map<string, BlockAndMuteEdges>> {
  const blocking = await blockedAmong(deps.db, accountId, ids, trx);
  const blockedBy = await blockersAmong(deps.db, accountId, ids, trx);
  const mutes = await liveMutesAmong(deps.db, accountId, ids, deps.now(), trx);
  const domainBlocking = await onBlockedDomainsAmong(deps.db, accountId, ids, trx);
  return new Map(
    ids.map((id) => [id, { blocking: blocking.has(id), blockedBy: blockedBy.has(id), mute: mutes.get(id), domainBlocking: domainBlocking.has(id) }]),
  );
}
