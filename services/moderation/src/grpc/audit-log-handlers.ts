import type { AuditLogServiceServer } from "@starling/proto/moderation/v1/audit_log";
import type { AsyncHandlers } from "@starling/runtime";
import { listAuditLog } from "../use-cases/audit-log.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { callerOf } from "./caller-of.ts";

/** AuditLogService: decode → use case → encode. */
export function auditLogHandlers(deps: ModerationDeps): AsyncHandlers<AuditLogServiceServer> {
  return {
    async listAuditLog(request, ctx) {
      const filter = { accountId: request.accountId, targetType: request.targetType, targetId: request.targetId };
      return { entries: await listAuditLog(deps, callerOf(ctx), filter, request.page) };
    },
  };
}
