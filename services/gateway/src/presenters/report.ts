import type { Report } from "@starling/proto/moderation/v1/reports";
import type { RouteContext } from "../http/route.ts";
import { isoOrNull } from "./values.ts";
import { loadAdminAccounts, presentAdminAccounts } from "./admin-account.ts";
import { presentAccounts } from "./account.ts";
import { presentStatusesById } from "./status.ts";
import { presentRule } from "./rule.ts";

/** What Report and Admin::Report share. */
const reportBase = (report: Report) => ({
  id: report.id,
  action_taken: report.actionTakenAt !== undefined,
  action_taken_at: isoOrNull(report.actionTakenAt),
  category: report.category,
  comment: report.comment,
  forwarded: report.forwarded,
  created_at: report.createdAt!.toISOString(),
});

/** Reports as their reporter sees them (reference §4.16), the target accounts hydrated in one call. */
export async function presentReports(ctx: RouteContext, reports: readonly Report[]): Promise<Record<string, unknown>[]> {
  const ids = [...new Set(reports.map((r) => r.targetAccountId))];
  const { accounts } = await ctx.clients.accounts.getAccounts({ ids }, { viewerToken: ctx.viewerToken });
  const rendered = new Map((await presentAccounts(ctx, accounts)).map((a) => [a.id as string, a]));
  return reports.map((report) => ({ ...reportBase(report), status_ids: report.statusIds, rule_ids: report.ruleIds, target_account: rendered.get(report.targetAccountId) ?? null }));
}

/**
 * Admin::Report (reference §4.18): its accounts as Admin::Account (one accounts call), its statuses
 * through the one status hydration, its rules (one moderation call).
 */
export async function presentAdminReports(ctx: RouteContext, reports: readonly Report[]): Promise<Record<string, unknown>[]> {
  const accountIds = reports.flatMap((r) => [r.accountId, r.targetAccountId, r.assignedAccountId, r.actionTakenByAccountId].filter((id): id is string => id !== undefined));
  const ruleIds = [...new Set(reports.flatMap((r) => r.ruleIds))];
  const statusIds = [...new Set(reports.flatMap((r) => r.statusIds))];
  const [admins, statuses, rules] = await Promise.all([
    loadAdminAccounts(ctx, accountIds),
    presentStatusesById(ctx, statusIds),
    ruleIds.length ? ctx.clients.rules.listRules({ ids: ruleIds }).then((r) => r.rules) : Promise.resolve([]),
  ]);
  const renderedAccounts = new Map((await presentAdminAccounts(ctx, [...admins.values()])).map((a) => [a.id as string, a]));
  const renderedStatuses = new Map(statuses.map((s) => [s.id as string, s]));
  const account = (id: string | undefined) => (id === undefined ? null : (renderedAccounts.get(id) ?? null));
  return reports.map((report) => ({
    ...reportBase(report),
    updated_at: report.updatedAt!.toISOString(),
    account: account(report.accountId),
    target_account: account(report.targetAccountId),
    assigned_account: account(report.assignedAccountId),
    action_taken_by_account: account(report.actionTakenByAccountId),
    statuses: report.statusIds.flatMap((id) => renderedStatuses.get(id) ?? []),
    rules: rules.filter((rule) => report.ruleIds.includes(rule.id)).map(presentRule),
  }));
}
