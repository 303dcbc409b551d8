import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";

/** One audit log entry as stored. */
export interface AuditEntry {
  id: string;
  accountId: string;
  action: string;
  targetType: string;
  targetId: string;
  summary: string | undefined;
  createdAt: Date;
}

interface AuditRow {
  id: string;
  account_id: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: string | null;
  created_at: Date;
}

/** Which entries a listing keeps. */
export interface AuditFilter {
  accountId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
}

/** Appends an entry inside the transaction of the action it records, so an action is never unlogged. */
export async function insertAuditEntry(db: Database, trx: Transaction, entry: AuditEntry): Promise<void> {
  await db.table("audit_log", trx).insert({
    id: entry.id,
    account_id: entry.accountId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    summary: entry.summary ?? null,
    created_at: entry.createdAt,
  });
}

/** A page of entries, newest first. */
export async function listAuditEntries(db: Database, filter: AuditFilter, page: Page): Promise<AuditEntry[]> {
  const query = db.table("audit_log").select("*");
  if (filter.accountId) query.where("account_id", filter.accountId);
  if (filter.targetType) query.where("target_type", filter.targetType);
  if (filter.targetId) query.where("target_id", filter.targetId);
  const rows = await readPage<AuditRow>(query, "id", page);
  return rows.map((row) => ({
    id: String(row.id),
    accountId: String(row.account_id),
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    summary: row.summary ?? undefined,
    createdAt: new Date(row.created_at),
  }));
}
