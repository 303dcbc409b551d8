import type { Transaction } from "@starling/db";
import { enqueueEvents } from "@starling/events";
import { invalidArgument } from "@starling/runtime";
import { pinRefusal } from "../domain/interaction-rules.ts";
import type { Status } from "../domain/status.ts";
import { deleteRecord, insertRecord, livePins, lockPinsOf } from "../data/interaction-records-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatuses } from "./find-visible-status.ts";
import { pinEvent } from "./interaction-events.ts";
import { actingAccount, visibleStatus } from "./interaction-target.ts";

type PinDeps = Pick<StatusesDeps, "db" | "newId" | "now" | "relay">;

/** Pins one of the caller's statuses on their profile, within the local maximum. */
export async function pinStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  const accountId = actingAccount(caller);
  const status = await visibleStatus(deps, caller, id);
  await addPin(deps, accountId, status, { limited: true });
  return status;
}

/** Unpins one of the caller's statuses; harmless when it was not pinned. */
export async function unpinStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  const accountId = actingAccount(caller);
  const status = await visibleStatus(deps, caller, id);
  await removePin(deps, accountId, status);
  return status;
}

/**
 * Pins `status` for `accountId` with status.pinned: not a reblog, not direct, only the account's
 * own, and with `limited` at most five live pins (Mastodon's "Validation failed: …" answers,
 * 422). Pinning a pinned status changes nothing. The count is taken under a per-account lock, so
 * concurrent pins cannot pass the maximum.
 */
export async function addPin(deps: PinDeps, accountId: string, status: Status, options: { limited: boolean }): Promise<void> {
  const pinned = await deps.db.transaction(async (trx) => {
    await lockPinsOf(trx, accountId);
    const pins = await livePins(deps.db, accountId, trx);
    if (pins.some((p) => p.statusId === status.id)) return false;
    const refusal = pinRefusal(status, accountId, options.limited ? pins.length : undefined);
    if (refusal) throw invalidArgument(`Validation failed: ${refusal}`);
    return insertPin(deps, trx, accountId, status);
  });
  if (pinned) deps.relay.nudge();
}

/** Unpins `status` for `accountId` with status.unpinned; harmless when it was not pinned. */
export async function removePin(deps: PinDeps, accountId: string, status: Status): Promise<void> {
  const unpinned = await deps.db.transaction((trx) => deletePin(deps, trx, accountId, status));
  if (unpinned) deps.relay.nudge();
}

/** Stores a pin already validated, with status.pinned; false when it existed. */
export async function insertPin(deps: PinDeps, trx: Transaction, accountId: string, status: Status): Promise<boolean> {
  if (!(await insertRecord(deps.db, trx, "status_pins", { id: deps.newId(), accountId, statusId: status.id }, deps.now()))) return false;
  await enqueueEvents(deps.db, trx, [pinEvent("status.pinned", status)]);
  return true;
}

/** Deletes a pin with status.unpinned; false when there was none. */
export async function deletePin(deps: PinDeps, trx: Transaction, accountId: string, status: Status): Promise<boolean> {
  if (!(await deleteRecord(deps.db, trx, "status_pins", accountId, status.id))) return false;
  await enqueueEvents(deps.db, trx, [pinEvent("status.unpinned", status)]);
  return true;
}

/** An account's pinned statuses that the caller may see, most recently pinned first. */
export async function listPinnedStatuses(deps: StatusesDeps, caller: Caller, accountId: string): Promise<Status[]> {
  const pins = await livePins(deps.db, accountId);
  return findVisibleStatuses(deps, caller, pins.map((p) => p.statusId));
}
