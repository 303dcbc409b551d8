import type { Transaction } from "@starling/db";
import { enqueueEvents, type OutboxEvent } from "@starling/events";
import { parsePage, type PageInput } from "@starling/paging";
import { notFound, type Permission } from "@starling/runtime";
import { deleteBlockRow, findBlockRow, listBlockRows, type BlockRow, type BlockTable } from "../data/block-rows-queries.ts";
import { requireStaff } from "../domain/staff.ts";
import { recordAudit } from "./audit-log.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

/** One kind of block: where it is stored, who may manage it, how it reads, and what its removal announces. */
export interface BlockFamily<T> {
  table: BlockTable;
  /** The role permission Mastodon 4.0 asks for (manage_federation or manage_blocks). */
  permission: Permission;
  /** The audit log's target type and action prefix, e.g. "domain_block". */
  name: string;
  read(row: BlockRow): T;
  /** The audit summary of a row (the domain, the range, the hash). */
  summary(row: BlockRow): string;
  removed(row: BlockRow): OutboxEvent;
}

// Mastodon's admin lists: 100 by default, at most 200.
const LIMITS = { default: 100, max: 200 };

/** A page of blocks, newest first, for staff holding the family's permission. */
export async function listBlocks<T>(deps: ModerationDeps, caller: Caller, family: BlockFamily<T>, page: PageInput | undefined): Promise<T[]> {
  requireStaff(caller, family.permission);
  return (await listBlockRows(deps.db, family.table, parsePage(page, LIMITS))).map(family.read);
}

/** One block; NOT_FOUND when there is none. */
export async function getBlock<T>(deps: ModerationDeps, caller: Caller, family: BlockFamily<T>, id: string): Promise<T> {
  requireStaff(caller, family.permission);
  const row = await findBlockRow(deps.db, family.table, id);
  if (!row) throw notFound("Record not found");
  return family.read(row);
}

/**
 * Runs a staff change of a block in one transaction with its audit entry (action `name.verb`) and
 * its events, then wakes the relay. `change` answers the row it wrote and the events to publish.
 */
export async function changeBlock<T>(
  deps: ModerationDeps,
  caller: Caller,
  family: BlockFamily<T>,
  verb: string,
  change: (trx: Transaction) => Promise<{ row: BlockRow; events: OutboxEvent[] } | undefined>,
): Promise<BlockRow> {
  const staffId = requireStaff(caller, family.permission);
  const done = await deps.db.transaction(async (trx) => {
    const result = await change(trx);
    if (!result) throw notFound("Record not found");
    await recordAudit(deps, trx, { accountId: staffId, action: `${family.name}.${verb}`, targetType: family.name, targetId: String(result.row.id), summary: family.summary(result.row) });
    await enqueueEvents(deps.db, trx, result.events);
    return result.row;
  });
  deps.nudgeRelay();
  return done;
}

/** Removes a block; NOT_FOUND when there is none. */
export async function deleteBlock<T>(deps: ModerationDeps, caller: Caller, family: BlockFamily<T>, id: string): Promise<void> {
  await changeBlock(deps, caller, family, "destroy", async (trx) => {
    const row = await deleteBlockRow(deps.db, trx, family.table, id);
    return row && { row, events: [family.removed(row)] };
  });
}
