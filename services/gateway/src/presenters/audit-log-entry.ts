import type { AuditLogEntry } from "@starling/proto/moderation/v1/audit_log";

/**
 * An audit log entry (beyond Mastodon 4.0, which shows its action log only in the web UI): who
 * (`account_id`), what (`action`, e.g. "report.resolve"), on which record, when.
 */
export function presentAuditLogEntry(entry: AuditLogEntry) {
  return {
    id: entry.id,
    account_id: entry.accountId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    summary: entry.summary ?? null,
    created_at: entry.createdAt!.toISOString(),
  };
}
