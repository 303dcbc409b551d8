import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";

/** The tables of staff's blocks; each row has an id and created_at. */
export type BlockTable = "domain_blocks" | "domain_allows" | "ip_blocks" | "email_domain_blocks" | "canonical_email_blocks";

/** A stored row, as knex returns it. */
export type BlockRow = Record<string, unknown> & { id: string | number; created_at: Date };

/** A page of a block table, newest first. */
export function listBlockRows(db: Database, table: BlockTable, page: Page): Promise<BlockRow[]> {
  return readPage<BlockRow>(db.table(table).select("*"), "id", page);
}

/** One row by id. */
export async function findBlockRow(db: Database, table: BlockTable, id: string, trx?: Transaction): Promise<BlockRow | undefined> {
  if (!/^\d{1,19}$/.test(id)) return undefined;
  return db.table(table, trx).where({ id }).first();
}

/** The rows whose `column` is one of `values`. */
export function findBlockRowsBy(db: Database, table: BlockTable, column: string, values: readonly string[], trx?: Transaction): Promise<BlockRow[]> {
  return db.table(table, trx).whereIn(column, values);
}

/** Inserts a row and answers it as stored. */
export async function insertBlockRow(db: Database, trx: Transaction, table: BlockTable, row: Record<string, unknown>): Promise<BlockRow> {
  const [stored] = await db.table(table, trx).insert(row).returning("*");
  return stored as BlockRow;
}

/** Inserts a row unless one with the same unique value exists; answers the new row or undefined. */
export async function insertBlockRowOnce(db: Database, trx: Transaction, table: BlockTable, row: Record<string, unknown>, unique: string): Promise<BlockRow | undefined> {
  const [stored] = await db.table(table, trx).insert(row).onConflict(unique).ignore().returning("*");
  return stored as BlockRow | undefined;
}

/** Changes a row and answers it as stored, or undefined when there is none. */
export async function updateBlockRow(db: Database, trx: Transaction, table: BlockTable, id: string, changes: Record<string, unknown>): Promise<BlockRow | undefined> {
  if (Object.keys(changes).length === 0) return findBlockRow(db, table, id, trx);
  const [stored] = await db.table(table, trx).where({ id }).update(changes).returning("*");
  return stored as BlockRow | undefined;
}

/** Deletes a row and answers what it held, or undefined when there was none. */
export async function deleteBlockRow(db: Database, trx: Transaction, table: BlockTable, id: string): Promise<BlockRow | undefined> {
  if (!/^\d{1,19}$/.test(id)) return undefined;
  const [removed] = await db.table(table, trx).where({ id }).delete().returning("*");
  return removed as BlockRow | undefined;
}

/** Every row of a table, newest first (lists small enough to load whole: active IP blocks, public domain blocks). */
export function allBlockRows(db: Database, table: BlockTable): Promise<BlockRow[]> {
  return db.table(table).orderBy("id", "desc");
}
