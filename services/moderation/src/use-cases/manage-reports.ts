import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { isId, parsePage, type PageInput } from "@starling/paging";
import { notFound } from "@starling/runtime";
import { findReport, listReports, saveReport, type ReportFilter } from "../data/reports-queries.ts";
import { bumpCount } from "../data/dashboard-counters-queries.ts";
import { utcDay } from "../domain/dashboard-day.ts";
import { checkedCategory, type Report } from "../domain/report.ts";
import { requireStaff } from "../domain/staff.ts";
import { recordAudit } from "./audit-log.ts";
import type { Caller, ModerationDeps } from "./deps.ts";
import { checkRules } from "./file-report.ts";

/** Reports for staff who manage them: unresolved unless `resolved`, newest first. */
export async function listReportsForStaff(deps: ModerationDeps, caller: Caller, filter: ReportFilter, page: PageInput | undefined): Promise<Report[]> {
  requireStaff(caller, "manage_reports");
  return listReports(deps.db, filter, parsePage(page, { default: 100, max: 200 }));
}

/** One report, for staff who manage reports. */
export async function getReport(deps: ModerationDeps, caller: Caller, id: string): Promise<Report> {
  requireStaff(caller, "manage_reports");
  const report = isId(id) ? await findReport(deps.db, id) : undefined;
  if (!report) throw notFound();
  return report;
}

/** A change staff make to a report, and its audit action. */
type ReportChange = (report: Report, staffId: string, now: Date) => Promise<Report> | Report;

/** Applies a change to a report under a row lock, with its audit entry, as one transaction. */
export async function changeReport(deps: ModerationDeps, caller: Caller, id: string, action: string, change: ReportChange, trx?: Transaction): Promise<Report> {
  const staffId = requireStaff(caller, "manage_reports");
  const run = async (t: Transaction) => {
    const existing = isId(id) ? await findReport(deps.db, id, t) : undefined;
    if (!existing) throw notFound();
    const now = deps.now();
    const report = { ...(await change(existing, staffId, now)), updatedAt: now };
    await saveReport(deps.db, t, report);
    // The dashboard's resolved_reports counts first resolutions, in the resolution's transaction.
    if (!existing.actionTakenAt && report.actionTakenAt) await bumpCount(deps.db, t, { key: "resolved_reports", day: utcDay(report.actionTakenAt) });
    await recordAudit(deps, t, { accountId: staffId, action: `report.${action}`, targetType: "Report", targetId: report.id });
    await enqueueEvents(deps.db, t, [outboxEvent("moderation", "report.updated", report.id, { reportId: report.id })]);
    return report;
  };
  if (trx) return run(trx);
  const report = await deps.db.transaction(run);
  deps.nudgeRelay();
  return report;
}

/** PUT /admin/reports/:id: category and, when given, rule ids (validated as a new report's). */
export function updateReport(deps: ModerationDeps, caller: Caller, id: string, input: { category?: string | undefined; ruleIds?: string[] | undefined }): Promise<Report> {
  return changeReport(deps, caller, id, "update", async (report) => {
    const ruleIds = input.ruleIds === undefined ? report.ruleIds : [...new Set(input.ruleIds)];
    await checkRules(deps, ruleIds);
    return { ...report, category: input.category === undefined ? report.category : checkedCategory(input.category), ruleIds };
  });
}

/** assign_to_self (the viewer) and unassign. */
export function assignReport(deps: ModerationDeps, caller: Caller, id: string, toSelf: boolean): Promise<Report> {
  return changeReport(deps, caller, id, toSelf ? "assigned_to_self" : "unassigned", (report, staffId) => ({ ...report, assignedAccountId: toSelf ? staffId : null }));
}

/** Marks a report resolved by the viewer; resolving a resolved report keeps its first resolution. */
export const resolveReport = (deps: ModerationDeps, caller: Caller, id: string, trx?: Transaction): Promise<Report> =>
  changeReport(deps, caller, id, "resolve", (report, staffId, now) => (report.actionTakenAt ? report : { ...report, actionTakenAt: now, actionTakenByAccountId: staffId }), trx);

/** Opens a resolved report again. */
export const reopenReport = (deps: ModerationDeps, caller: Caller, id: string): Promise<Report> =>
  changeReport(deps, caller, id, "reopen", (report) => ({ ...report, actionTakenAt: null, actionTakenByAccountId: null }));
