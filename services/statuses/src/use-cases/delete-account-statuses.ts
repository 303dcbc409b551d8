import { lockLiveStatusesOf } from "../data/account-status-locks-queries.ts";
import { softDeleteStatus } from "./delete-status.ts";
import type { StatusesDeps } from "./dependencies.ts";

/** Statuses deleted per transaction, so an account with many posts never holds one huge transaction. */
export const ACCOUNT_STATUSES_BATCH = 200;

/**
 * Deletes every status of a deleted account through the ordinary delete path (reply counts,
 * status.deleted for timelines and the accounts' status counters), a batch per transaction.
 * Idempotent by state: only statuses still live are touched, so a redelivered account.deleted, or
 * one interrupted halfway and retried, deletes each status once. Resolves how many it deleted.
 */
export async function deleteAccountStatuses(deps: Pick<StatusesDeps, "db" | "relay" | "now">, accountId: string, batchSize = ACCOUNT_STATUSES_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deps.db.transaction(async (trx) => {
      const batch = await lockLiveStatusesOf(deps.db, trx, accountId, batchSize);
      const at = deps.now();
      for (const status of batch) await softDeleteStatus(deps, trx, status, at);
      return batch.length;
    });
    if (deleted === 0) return total;
    deps.relay.nudge();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
