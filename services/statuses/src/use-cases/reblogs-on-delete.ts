import type { OutboxEvent } from "@starling/events";
import type { Database, Transaction } from "@starling/db";
import type { Status } from "../domain/status.ts";
import { adjustInteractionCount, liveReblogsOf } from "../data/reblogs-queries.ts";
import { findLiveStatus, markStatusDeleted } from "../data/statuses-queries.ts";
import { reblogDeletedEvent } from "./interaction-events.ts";
import { statusDeletedEvent } from "./status-events.ts";

/**
 * What deleting `status` (already marked deleted in `trx`) means for reblogs: a reblog lowers its
 * original's count and announces reblog.deleted; an original takes its live reblogs with it, each
 * deleted with status.deleted and reblog.deleted, as Mastodon's RemoveStatusService does. Returns
 * the events to write in the same transaction.
 */
export async function reblogEventsOnDelete(db: Database, trx: Transaction, status: Status, deletedAt: Date): Promise<OutboxEvent[]> {
  if (status.reblogOfId) {
    await adjustInteractionCount(db, trx, status.reblogOfId, "reblogs_count", -1);
    const original = await findLiveStatus(db, status.reblogOfId, trx);
    return [reblogDeletedEvent(status, original?.accountId ?? "")];
  }
  const events: OutboxEvent[] = [];
  for (const reblog of await liveReblogsOf(db, trx, status.id)) {
    if (await markStatusDeleted(db, trx, reblog.id, deletedAt)) events.push(statusDeletedEvent(reblog), reblogDeletedEvent(reblog, status.accountId));
  }
  return events;
}
