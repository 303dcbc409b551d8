import { enqueueEvents } from "@starling/events";
import { invalidArgument } from "@starling/runtime";
import { pinRefusal } from "../domain/interaction-rules.ts";
import type { Status } from "../domain/status.ts";
import { deleteRecord, insertRecord, livePins, lockPinsOf } from "../data/interaction-records-table.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatuses } from "./find-visible-status.ts";
import { pinEvent } from "./interaction-events.ts";
import { actingAccount, visibleStatus } from "./interaction-target.ts";

/**
 * Pins one of the caller's statuses on their profile: not a reblog, not direct, at most five live
 * pins (Mastodon's "Validation failed: …" answers, 422). Pinning a pinned status changes nothing.
 * The count is taken under a per-account lock, so concurrent pins cannot pass the maximum.
 */
export async function pinStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  const accountId = actingAccount(caller);
  const status = await visibleStatus(deps, caller, id);
  const pinned = await deps.db.transaction(async (trx) => {
    await lockPinsOf(trx, accountId);
    const pins = await livePins(deps.db, accountId, trx);
    if (pins.some((p) => p.statusId === status.id)) return false;
    const refusal = pinRefusal(status, accountId, pins.length);
    if (refusal) throw invalidArgument(`Validation failed: ${refusal}`);
    await insertRecord(deps.db, trx, "status_pins", { id: deps.newId(), accountId, statusId: status.id }, deps.now());
    await enqueueEvents(deps.db, trx, [pinEvent("status.pinned", status)]);
    return true;
  });
  if (pinned) deps.relay.nudge();
  return status;
}

/** Unpins one of the caller's statuses, with status.unpinned; harmless when it was not pinned. */
export async function unpinStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  const accountId = actingAccount(caller);
  const status = await visibleStatus(deps, caller, id);
  const unpinned = await deps.db.transaction(async (trx) => {
    if (!(await deleteRecord(deps.db, trx, "status_pins", accountId, status.id))) return false;
    await enqueueEvents(deps.db, trx, [pinEvent("status.unpinned", status)]);
    return true;
  });
  if (unpinned) deps.relay.nudge();
  return status;
}

/** An account's pinned statuses that the caller may see, most recently pinned first. */
export async function listPinnedStatuses(deps: StatusesDeps, caller: Caller, accountId: string): Promise<Status[]> {
  const pins = await livePins(deps.db, accountId);
  return findVisibleStatuses(deps, caller, pins.map((p) => p.statusId));
}
