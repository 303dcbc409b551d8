import type { Report as ReportMessage, ReportsServiceServer } from "@starling/proto/moderation/v1/reports";
import { isId } from "@starling/paging";
import type { AsyncHandlers } from "@starling/runtime";
import type { Report } from "../domain/report.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { fileReport } from "../use-cases/file-report.ts";
import { assignReport, getReport, listReportsForStaff, reopenReport, resolveReport, updateReport } from "../use-cases/manage-reports.ts";
import { receiveFlag } from "../use-cases/receive-flag.ts";
import { callerOf } from "./caller-of.ts";

/** A report as its proto: absent for what it has not (a reporter, a resolution, an assignee). */
export function reportToProto(report: Report): ReportMessage {
  return {
    id: report.id,
    accountId: report.accountId ?? undefined,
    targetAccountId: report.targetAccountId,
    category: report.category,
    comment: report.comment,
    statusIds: report.statusIds,
    ruleIds: report.ruleIds,
    forwarded: report.forwarded,
    actionTakenAt: report.actionTakenAt ?? undefined,
    actionTakenByAccountId: report.actionTakenByAccountId ?? undefined,
    assignedAccountId: report.assignedAccountId ?? undefined,
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
    originDomain: report.originDomain ?? undefined,
  };
}

/** ReportsService: decode → use case → encode. */
export function reportsHandlers(deps: ModerationDeps): AsyncHandlers<ReportsServiceServer> {
  return {
    createReport: async (request, ctx) => reportToProto(await fileReport(deps, callerOf(ctx), request)),
    receiveFlag: async (request) => reportToProto(await receiveFlag(deps, request)),
    listReports: async (request, ctx) => {
      const filter = { resolved: request.resolved ?? false, accountId: request.accountId, targetAccountId: request.targetAccountId, ids: request.ids.filter(isId) };
      return { reports: (await listReportsForStaff(deps, callerOf(ctx), filter, request.page)).map(reportToProto) };
    },
    getReport: async (request, ctx) => reportToProto(await getReport(deps, callerOf(ctx), request.id)),
    updateReport: async (request, ctx) =>
      reportToProto(await updateReport(deps, callerOf(ctx), request.id, { category: request.category, ruleIds: request.setRuleIds ? request.ruleIds : undefined })),
    assignReport: async (request, ctx) => reportToProto(await assignReport(deps, callerOf(ctx), request.id, request.toSelf)),
    resolveReport: async (request, ctx) => reportToProto(await resolveReport(deps, callerOf(ctx), request.id)),
    reopenReport: async (request, ctx) => reportToProto(await reopenReport(deps, callerOf(ctx), request.id)),
  };
}
