import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";
import type { AccountAction, Appeal, Strike } from "../domain/strike.ts";

interface StrikeRow {
  id: string;
  target_account_id: string;
  account_id: string;
  action: string;
  text: string;
  report_id: string | null;
  status_ids: string[];
  created_at: Date;
  overruled_at: Date | null;
}

interface AppealRow {
  id: string;
  strike_id: string;
  account_id: string;
  text: string;
  state: string;
  created_at: Date;
  resolved_at: Date | null;
  resolved_by_account_id: string | null;
}

const toStrike = (row: StrikeRow): Strike => ({
  id: String(row.id),
  targetAccountId: String(row.target_account_id),
  accountId: String(row.account_id),
  action: row.action as AccountAction,
  text: row.text,
  reportId: row.report_id === null ? null : String(row.report_id),
  statusIds: row.status_ids.map(String),
  createdAt: new Date(row.created_at),
  overruledAt: row.overruled_at === null ? null : new Date(row.overruled_at),
});

const toAppeal = (row: AppealRow): Appeal => ({
  id: String(row.id),
  strikeId: String(row.strike_id),
  accountId: String(row.account_id),
  text: row.text,
  state: row.state as Appeal["state"],
  createdAt: new Date(row.created_at),
  resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
  resolvedByAccountId: row.resolved_by_account_id === null ? null : String(row.resolved_by_account_id),
});

export async function insertStrike(db: Database, trx: Transaction, strike: Strike): Promise<void> {
  await db.table("strikes", trx).insert({
    id: strike.id,
    target_account_id: strike.targetAccountId,
    account_id: strike.accountId,
    action: strike.action,
    text: strike.text,
    report_id: strike.reportId,
    status_ids: strike.statusIds,
    created_at: strike.createdAt,
  });
}

export async function findStrike(db: Database, id: string, trx?: Transaction): Promise<Strike | undefined> {
  const row: StrikeRow | undefined = await db.table("strikes", trx).where({ id }).first();
  return row && toStrike(row);
}

/** An account's strikes, newest first. */
export async function listStrikesOf(db: Database, accountId: string, page: Page): Promise<Strike[]> {
  return (await readPage<StrikeRow>(db.table("strikes").where({ target_account_id: accountId }), "id", page)).map(toStrike);
}

export async function markOverruled(db: Database, trx: Transaction, strikeId: string, at: Date): Promise<void> {
  await db.table("strikes", trx).where({ id: strikeId }).update({ overruled_at: at });
}

/** Stores an appeal; false when the strike has one already (one appeal per strike). */
export async function insertAppeal(db: Database, trx: Transaction, appeal: Appeal): Promise<boolean> {
  const inserted = await db
    .table("appeals", trx)
    .insert({ id: appeal.id, strike_id: appeal.strikeId, account_id: appeal.accountId, text: appeal.text, state: appeal.state, created_at: appeal.createdAt })
    .onConflict("strike_id")
    .ignore()
    .returning("id");
  return inserted.length > 0;
}

/** The appeal with this id, locked inside `trx`. */
export async function findAppeal(db: Database, id: string, trx: Transaction): Promise<Appeal | undefined> {
  const row: AppealRow | undefined = await db.table("appeals", trx).where({ id }).forUpdate().first();
  return row && toAppeal(row);
}

/** The appeals of these strikes, by strike id. */
export async function appealsOf(db: Database, strikeIds: readonly string[]): Promise<Map<string, Appeal>> {
  if (strikeIds.length === 0) return new Map();
  const rows: AppealRow[] = await db.table("appeals").whereIn("strike_id", strikeIds);
  return new Map(rows.map((row) => [String(row.strike_id), toAppeal(row)]));
}

/** Appeals in a state (all when absent), newest first. */
export async function listAppeals(db: Database, state: Appeal["state"] | undefined, page: Page): Promise<Appeal[]> {
  const query = db.table("appeals").select("*");
  if (state) query.where({ state });
  return (await readPage<AppealRow>(query, "id", page)).map(toAppeal);
}

export async function resolveAppealRow(db: Database, trx: Transaction, appeal: Appeal): Promise<void> {
  await db.table("appeals", trx).where({ id: appeal.id }).update({ state: appeal.state, resolved_at: appeal.resolvedAt, resolved_by_account_id: appeal.resolvedByAccountId });
}
