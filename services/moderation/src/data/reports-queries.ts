import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";
import type { Report } from "../domain/report.ts";

interface ReportRow {
  id: string;
  account_id: string | null;
  target_account_id: string;
  category: string;
  comment: string;
  status_ids: string[];
  rule_ids: string[];
  forwarded: boolean;
  assigned_account_id: string | null;
  action_taken_at: Date | null;
  action_taken_by_account_id: string | null;
  origin_domain: string | null;
  created_at: Date;
  updated_at: Date;
}

const idOrNull = (value: string | null) => (value === null ? null : String(value));
const dateOrNull = (value: Date | null) => (value === null ? null : new Date(value));

const toReport = (row: ReportRow): Report => ({
  id: String(row.id),
  accountId: idOrNull(row.account_id),
  targetAccountId: String(row.target_account_id),
  category: row.category,
  comment: row.comment,
  statusIds: row.status_ids.map(String),
  ruleIds: row.rule_ids.map(String),
  forwarded: row.forwarded,
  assignedAccountId: idOrNull(row.assigned_account_id),
  actionTakenAt: dateOrNull(row.action_taken_at),
  actionTakenByAccountId: idOrNull(row.action_taken_by_account_id),
  originDomain: row.origin_domain,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** Stores a new report; with `activityUri`, a redelivered Flag stores nothing and returns false. */
export async function insertReport(db: Database, trx: Transaction, report: Report, activityUri?: string): Promise<boolean> {
  const inserted = await db
    .table("reports", trx)
    .insert({
      id: report.id,
      account_id: report.accountId,
      target_account_id: report.targetAccountId,
      category: report.category,
      comment: report.comment,
      status_ids: report.statusIds,
      rule_ids: report.ruleIds,
      forwarded: report.forwarded,
      origin_domain: report.originDomain,
      activity_uri: activityUri ?? null,
      created_at: report.createdAt,
      updated_at: report.updatedAt,
    })
    .onConflict("activity_uri")
    .ignore()
    .returning("id");
  return inserted.length > 0;
}

/** The report with this id, locked for update inside `trx` when given. */
export async function findReport(db: Database, id: string, trx?: Transaction): Promise<Report | undefined> {
  const query = db.table("reports", trx).where({ id });
  if (trx) query.forUpdate();
  const row: ReportRow | undefined = await query.first();
  return row && toReport(row);
}

/** The report a Flag activity filed. */
export async function findReportByActivity(db: Database, activityUri: string): Promise<Report | undefined> {
  const row: ReportRow | undefined = await db.table("reports").where({ activity_uri: activityUri }).first();
  return row && toReport(row);
}

/** Which reports a listing keeps. */
export interface ReportFilter {
  /** Ignored when `ids` are given. */
  resolved: boolean;
  ids?: readonly string[] | undefined;
  accountId?: string | undefined;
  targetAccountId?: string | undefined;
}

/** A page of reports, newest first. */
export async function listReports(db: Database, filter: ReportFilter, page: Page): Promise<Report[]> {
  const query = db.table("reports").select("*");
  if (filter.ids?.length) query.whereIn("id", filter.ids);
  else if (filter.resolved) query.whereNotNull("action_taken_at");
  else query.whereNull("action_taken_at");
  if (filter.accountId) query.where("account_id", filter.accountId);
  if (filter.targetAccountId) query.where("target_account_id", filter.targetAccountId);
  return (await readPage<ReportRow>(query, "id", page)).map(toReport);
}

/** Writes a report's changeable fields back. */
export async function saveReport(db: Database, trx: Transaction, report: Report): Promise<void> {
  await db.table("reports", trx).where({ id: report.id }).update({
    category: report.category,
    rule_ids: report.ruleIds,
    assigned_account_id: report.assignedAccountId,
    action_taken_at: report.actionTakenAt,
    action_taken_by_account_id: report.actionTakenByAccountId,
    updated_at: report.updatedAt,
  });
}
