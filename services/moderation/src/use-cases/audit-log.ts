import type { Transaction } from "@starling/db";
import { parsePage, type PageInput } from "@starling/paging";
import { requireStaff } from "../domain/staff.ts";
import { insertAuditEntry, listAuditEntries, type AuditEntry, type AuditFilter } from "../data/audit-log-queries.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

/** What an admin action records: who (the staff account), what (target.verb), on which record. */
export interface AuditedAction {
  accountId: string;
  action: string;
  targetType: string;
  targetId: string;
  summary?: string | undefined;
}

/** Writes the audit entry of an action in the action's own transaction. Every admin use case calls it. */
export async function recordAudit(deps: ModerationDeps, trx: Transaction, action: AuditedAction): Promise<void> {
  await insertAuditEntry(deps.db, trx, { ...action, summary: action.summary, id: deps.newId(), createdAt: deps.now() });
}

/** The audit log for staff who may view it, newest first. */
export async function listAuditLog(deps: ModerationDeps, caller: Caller, filter: AuditFilter, page: PageInput | undefined): Promise<AuditEntry[]> {
  requireStaff(caller, "view_audit_log");
  return listAuditEntries(deps.db, filter, parsePage(page, { default: 40, max: 200 }));
}
