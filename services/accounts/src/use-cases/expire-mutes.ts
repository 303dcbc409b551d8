import { enqueueEvents, outboxEvent } from "@starling/events";
import { deleteExpiredMutes } from "../data/mutes-queries.ts";
import type { AccountsDeps } from "./deps.ts";

// Mutes deleted per transaction: keeps each short when many run out at once.
const BATCH = 500;

/**
 * Deletes every mute that ran out by `deps.now()`, writing mute.removed for each in the same
 * transaction, so other services learn a timed mute ended. Resolves how many ended.
 */
export async function expireMutes(deps: AccountsDeps): Promise<number> {
  const now = deps.now();
  let total = 0;
  for (;;) {
    const ended = await deps.db.transaction(async (trx) => {
      const expired = await deleteExpiredMutes(deps.db, trx, now, BATCH);
      for (const mute of expired) {
        await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "mute.removed", mute.accountId, { accountId: mute.accountId, targetAccountId: mute.targetAccountId })]);
      }
      return expired.length;
    });
    total += ended;
    if (ended > 0) deps.nudge();
    if (ended < BATCH) return total;
  }
}
