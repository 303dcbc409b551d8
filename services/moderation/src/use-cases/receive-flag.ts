import { enqueueEvents, outboxEvent } from "@starling/events";
import { isId } from "@starling/paging";
import { invalidArgument, notFound } from "@starling/runtime";
import { findReportByActivity, insertReport } from "../data/reports-queries.ts";
import { checkedComment, type Report } from "../domain/report.ts";
import type { ModerationDeps } from "./deps.ts";

/** An inbound Flag, as federation hands it over once it verified the signature. */
export interface FlagInput {
  accountId?: string | undefined;
  targetAccountId: string;
  statusIds: string[];
  comment: string;
  originDomain: string;
  activityUri: string;
}

/**
 * Files the report a remote server sent (Mastodon's ReportService for a Flag): category other, the
 * statuses that are the target's kept. A redelivered Flag (same activity id) files nothing new.
 */
export async function receiveFlag(deps: ModerationDeps, input: FlagInput): Promise<Report> {
  if (!input.activityUri || !input.originDomain) throw invalidArgument("A Flag needs its activity id and origin");
  const existing = await findReportByActivity(deps.db, input.activityUri);
  if (existing) return existing;
  if (!isId(input.targetAccountId)) throw notFound();
  const [target] = (await deps.clients.accounts.getAccounts({ ids: [input.targetAccountId] })).accounts;
  if (!target || target.domain !== undefined) throw notFound();
  const statusIds = [...new Set(input.statusIds.filter(isId))];
  const owned = statusIds.length ? (await deps.clients.statuses.getStatusPage({ ids: statusIds })).statuses.filter((s) => s.accountId === target.id).map((s) => s.id) : [];
  const now = deps.now();
  const report: Report = {
    id: deps.newId(),
    accountId: input.accountId && isId(input.accountId) ? input.accountId : null,
    targetAccountId: target.id,
    category: "other",
    comment: checkedComment(input.comment.slice(0, 1000)),
    statusIds: owned,
    ruleIds: [],
    forwarded: false,
    assignedAccountId: null,
    actionTakenAt: null,
    actionTakenByAccountId: null,
    originDomain: input.originDomain,
    createdAt: now,
    updatedAt: now,
  };
  const { accountIds: staffAccountIds } = await deps.clients.adminAccounts.listStaff({ permission: "manage_reports" });
  const stored = await deps.db.transaction(async (trx) => {
    if (!(await insertReport(deps.db, trx, report, input.activityUri))) return false;
    const created = { reportId: report.id, accountId: report.accountId ?? undefined, targetAccountId: target.id, category: "other", createdAt: now, staffAccountIds };
    await enqueueEvents(deps.db, trx, [outboxEvent("moderation", "report.created", report.id, created)]);
    return true;
  });
  deps.nudgeRelay();
  return stored ? report : ((await findReportByActivity(deps.db, input.activityUri)) ?? report);
}
