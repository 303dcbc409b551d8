/**
 * The record tables of interactions: `favourites`, `bookmarks` and `status_pins`, one shape each
 * (id, account_id, status_id, created_at; one row per account and status).
 */
import type { Database, Transaction } from "@starling/db";
import { viewerMarksChanged } from "./status-page-cache.ts";
import { readPage, type Page } from "@starling/paging";

/** A table of interaction records. */
export type RecordTable = "favourites" | "bookmarks" | "status_pins";

/** One interaction record. */
export interface InteractionRecord {
  id: string;
  accountId: string;
  statusId: string;
}

interface RecordRow {
  id: string;
  account_id: string;
  status_id: string;
}

const toRecord = (row: RecordRow): InteractionRecord => ({ id: String(row.id), accountId: String(row.account_id), statusId: String(row.status_id) });

/** Inserts a record unless the account already has one for the status; resolves whether it was new. */
export async function insertRecord(db: Database, trx: Transaction, table: RecordTable, record: InteractionRecord, at: Date): Promise<boolean> {
  const rows: unknown[] = await db
    .table(table, trx)
    .insert({ id: record.id, account_id: record.accountId, status_id: record.statusId, created_at: at })
    .onConflict(["account_id", "status_id"])
    .ignore()
    .returning("id");
  await viewerMarksChanged(db, trx, [record.accountId]);
  return rows.length === 1;
}

/** Deletes the account's record for the status and returns it; undefined when there was none. */
export async function deleteRecord(db: Database, trx: Transaction, table: RecordTable, accountId: string, statusId: string): Promise<InteractionRecord | undefined> {
  const rows: RecordRow[] = await db.table(table, trx).where({ account_id: accountId, status_id: statusId }).delete().returning(["id", "account_id", "status_id"]);
  await viewerMarksChanged(db, trx, [accountId]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** One page of an account's records, newest first. */
export async function recordsOfAccount(db: Database, table: RecordTable, accountId: string, page: Page): Promise<InteractionRecord[]> {
  const query = db.table(table).where({ account_id: accountId }).select("id", "account_id", "status_id");
  return (await readPage<RecordRow>(query, "id", page)).map(toRecord);
}

/** One page of the records on a status, newest first. */
export async function recordsOnStatus(db: Database, table: RecordTable, statusId: string, page: Page): Promise<InteractionRecord[]> {
  const query = db.table(table).where({ status_id: statusId }).select("id", "account_id", "status_id");
  return (await readPage<RecordRow>(query, "id", page)).map(toRecord);
}

/** The account's pins of statuses that still exist, most recent pin first. */
export async function livePins(db: Database, accountId: string, trx?: Transaction): Promise<InteractionRecord[]> {
  const rows: RecordRow[] = await db
    .table("status_pins as p", trx)
    .join("statuses as s", "s.id", "p.status_id")
    .where("p.account_id", accountId)
    .whereNull("s.deleted_at")
    .orderBy("p.id", "desc")
    .select("p.id", "p.account_id", "p.status_id");
  return rows.map(toRecord);
}

/**
 * Serializes the account's pin writes until the transaction ends, so two concurrent pins cannot
 * both count four pins and together pass the maximum.
 */
export async function lockPinsOf(trx: Transaction, accountId: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('statuses.pins'), hashtext(?))", [accountId]);
}
