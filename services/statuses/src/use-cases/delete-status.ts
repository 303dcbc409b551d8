import type { Transaction } from "@starling/db";
import { enqueueEvents } from "@starling/events";
import { notFound, unauthenticated } from "@starling/runtime";
import { isStatusId } from "../domain/new-status.ts";
import type { Status } from "../domain/status.ts";
import { countsAsReply } from "../domain/visibility.ts";
import { adjustRepliesCount, findLiveStatus, markStatusDeleted } from "../data/statuses-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { statusDeletedEvent } from "./status-events.ts";
import { reblogEventsOnDelete } from "./reblogs-on-delete.ts";

/**
 * Deletes the caller's status: soft (deleted_at) so federation can later serve a tombstone, with
 * the parent's reply count and status.deleted in the same transaction. Someone else's status is
 * NOT_FOUND rather than PERMISSION_DENIED, as Mastodon's scoped lookup answers 404 and does not
 * reveal that the status exists. Returns the status with its source text, for delete-and-redraft.
 */
export async function deleteStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  if (!caller.accountId) throw unauthenticated("This method requires an authenticated user");
  const status = isStatusId(id) ? await findLiveStatus(deps.db, id) : undefined;
  if (!status || status.accountId !== caller.accountId) throw notFound();
  const deletedAt = deps.now();
  await deps.db.transaction(async (trx) => {
    // A concurrent delete of the same status wins; this one then reports it gone.
    if (!(await softDeleteStatus(deps, trx, status, deletedAt))) throw notFound();
  });
  deps.relay.nudge();
  return { ...status, deletedAt };
}

/**
 * The delete path every removal of a status takes, inside `trx`: deleted_at, the parent's reply
 * count, status.deleted, and what it means for reblogs (reblogEventsOnDelete). False, changing
 * nothing, when the status was deleted already.
 */
export async function softDeleteStatus(deps: Pick<StatusesDeps, "db">, trx: Transaction, status: Status, deletedAt: Date): Promise<boolean> {
  if (!(await markStatusDeleted(deps.db, trx, status.id, deletedAt))) return false;
  if (status.inReplyToId && countsAsReply(status.visibility)) await adjustRepliesCount(deps.db, trx, status.inReplyToId, -1);
  await enqueueEvents(deps.db, trx, [statusDeletedEvent(status), ...(await reblogEventsOnDelete(deps.db, trx, status, deletedAt))]);
  return true;
}
