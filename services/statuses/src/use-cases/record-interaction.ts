import type { Transaction } from "@starling/db";
import { enqueueEvents, type OutboxEvent } from "@starling/events";
import type { Status } from "../domain/status.ts";
import { deleteRecord, insertRecord, type InteractionRecord, type RecordTable } from "../data/interaction-records-queries.ts";
import { adjustInteractionCount } from "../data/reblogs-queries.ts";
import { findLiveStatus } from "../data/statuses-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { actingAccount, visibleProperStatus } from "./interaction-target.ts";

/** What marking a status with a record does besides storing it (favourites count and announce). */
export interface RecordKind {
  table: RecordTable;
  counter?: "favourites_count";
  /** Events to write with the record's creation or removal. */
  events?(change: "created" | "deleted", record: InteractionRecord, status: Status, at: Date): OutboxEvent[];
}

/**
 * Records the caller's interaction with a visible status (the original of a reblog); a repeat
 * changes nothing. The record, the counter and the events commit together. Returns the status as
 * it is now.
 */
export async function addRecord(deps: StatusesDeps, caller: Caller, id: string, kind: RecordKind): Promise<Status> {
  const accountId = actingAccount(caller);
  return addRecordOn(deps, accountId, await visibleProperStatus(deps, caller, id), kind);
}

/**
 * Records `accountId`'s interaction with `status`, already found and allowed (the original, not
 * a reblog); a repeat changes nothing. Returns the status as it is now.
 */
export async function addRecordOn(deps: Pick<StatusesDeps, "db" | "newId" | "now" | "relay">, accountId: string, status: Status, kind: RecordKind): Promise<Status> {
  const record = { id: deps.newId(), accountId, statusId: status.id };
  const at = deps.now();
  const added = await deps.db.transaction(async (trx) => {
    if (!(await insertRecord(deps.db, trx, kind.table, record, at))) return false;
    await afterChange(deps, trx, kind, "created", record, status, at);
    return true;
  });
  return finish(deps, added, status);
}

/**
 * Removes the caller's record on the visible status `id` (or on the original of a reblog); a
 * missing record changes nothing. Returns the status as it is now.
 */
export async function removeRecord(deps: StatusesDeps, caller: Caller, id: string, kind: RecordKind): Promise<Status> {
  const accountId = actingAccount(caller);
  return removeRecordOn(deps, accountId, await visibleProperStatus(deps, caller, id), kind);
}

/** Removes `accountId`'s record on `status` (the original, not a reblog); a missing record changes nothing. */
export async function removeRecordOn(deps: Pick<StatusesDeps, "db" | "now" | "relay">, accountId: string, status: Status, kind: RecordKind): Promise<Status> {
  const at = deps.now();
  const removed = await deps.db.transaction(async (trx) => {
    const record = await deleteRecord(deps.db, trx, kind.table, accountId, status.id);
    if (!record) return false;
    await afterChange(deps, trx, kind, "deleted", record, status, at);
    return true;
  });
  return finish(deps, removed, status);
}

async function afterChange(deps: Pick<StatusesDeps, "db">, trx: Transaction, kind: RecordKind, change: "created" | "deleted", record: InteractionRecord, status: Status, at: Date) {
  if (kind.counter) await adjustInteractionCount(deps.db, trx, status.id, kind.counter, change === "created" ? 1 : -1);
  const events = kind.events?.(change, record, status, at) ?? [];
  if (events.length > 0) await enqueueEvents(deps.db, trx, events);
}

async function finish(deps: Pick<StatusesDeps, "db" | "relay">, changed: boolean, status: Status): Promise<Status> {
  if (!changed) return status;
  deps.relay.nudge();
  return (await findLiveStatus(deps.db, status.id)) ?? status;
}
