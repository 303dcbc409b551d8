import { enqueueEvents, outboxEvent } from "@starling/events";
import { isId } from "@starling/paging";
import { invalidArgument, notFound, unauthenticated } from "@starling/runtime";
import { insertReport } from "../data/reports-queries.ts";
import { listRules } from "../data/rules-queries.ts";
import { checkedCategory, checkedComment, type Report } from "../domain/report.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

/** What a user reports. */
export interface ReportInput {
  targetAccountId: string;
  statusIds: string[];
  comment: string;
  forward: boolean;
  category?: string | undefined;
  ruleIds: string[];
}

/**
 * Files a report as the viewer: the target must exist, every rule id must name a rule (422), every
 * status must be one of the target's the reporter can see (404, as Mastodon's find). Staff hear of it
 * through report.created; with `forward` and a remote target, federation sends its server a Flag.
 */
export async function fileReport(deps: ModerationDeps, caller: Caller, input: ReportInput): Promise<Report> {
  const reporterId = caller.viewer?.accountId;
  if (!reporterId) throw unauthenticated("This method requires an authenticated user");
  const category = checkedCategory(input.category);
  const comment = checkedComment(input.comment);
  if (!isId(input.targetAccountId)) throw notFound();
  const ruleIds = [...new Set(input.ruleIds)];
  const statusIds = [...new Set(input.statusIds)];
  const [target] = (await deps.clients.accounts.getAccounts({ ids: [input.targetAccountId] })).accounts;
  if (!target) throw notFound();
  await checkRules(deps, ruleIds);
  await checkStatuses(deps, caller, target.id, statusIds);
  const forwarded = input.forward && target.domain !== undefined;
  const now = deps.now();
  const report: Report = {
    id: deps.newId(),
    accountId: reporterId,
    targetAccountId: target.id,
    category,
    comment,
    statusIds,
    ruleIds,
    forwarded,
    assignedAccountId: null,
    actionTakenAt: null,
    actionTakenByAccountId: null,
    originDomain: null,
    createdAt: now,
    updatedAt: now,
  };
  const { accountIds: staffAccountIds } = await deps.clients.adminAccounts.listStaff({ permission: "manage_reports" });
  await deps.db.transaction(async (trx) => {
    await insertReport(deps.db, trx, report);
    const events = [outboxEvent("moderation", "report.created", report.id, { reportId: report.id, accountId: reporterId, targetAccountId: target.id, category, createdAt: now, staffAccountIds })];
    if (forwarded) events.push(outboxEvent("moderation", "report.forwarded", report.id, { reportId: report.id, targetAccountId: target.id, statusIds, comment }));
    await enqueueEvents(deps.db, trx, events);
  });
  deps.nudgeRelay();
  return report;
}

/** Refuses rule ids that name no (live) rule. */
export async function checkRules(deps: ModerationDeps, ruleIds: readonly string[]): Promise<void> {
  if (ruleIds.length === 0) return;
  const known = ruleIds.every(isId) ? new Set((await listRules(deps.db, ruleIds)).map((rule) => rule.id)) : new Set<string>();
  const unknown = ruleIds.filter((id) => !known.has(id));
  if (unknown.length) throw invalidArgument(`Validation failed: Rule ids ${unknown.join(", ")} are not rules of this server`);
}

/** Refuses statuses that are not the target's, or that the reporter cannot see. */
async function checkStatuses(deps: ModerationDeps, caller: Caller, targetId: string, statusIds: readonly string[]): Promise<void> {
  if (statusIds.length === 0) return;
  if (!statusIds.every(isId)) throw notFound();
  const page = await deps.clients.statuses.getStatusPage({ ids: [...statusIds] }, { viewerToken: caller.viewerToken });
  const theirs = new Set(page.statuses.filter((status) => status.accountId === targetId).map((status) => status.id));
  if (!statusIds.every((id) => theirs.has(id))) throw notFound();
}
