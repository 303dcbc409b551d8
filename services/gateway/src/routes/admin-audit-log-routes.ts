import { z } from "zod";
import type { ListAuditLogResponse } from "@starling/proto/moderation/v1/audit_log";
import { edgeLinks, type Route } from "../http/route.ts";
import { idParam, pageParams, pageRequest } from "../http/params.ts";
import { presentAuditLogEntry } from "../presenters/audit-log-entry.ts";
import { staffAccess } from "./admin-crud-routes.ts";

const list = z.object({ ...pageParams(40), account_id: idParam.optional(), target_type: z.string().min(1).optional(), target_id: z.string().min(1).optional() });

/** The admin audit log (beyond Mastodon 4.0), owned by the moderation service. */
export const adminAuditLogRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/admin/audit_log",
    ...staffAccess("view_audit_log", "read"),
    input: list,
    call: (ctx, input: z.infer<typeof list>) =>
      ctx.clients.auditLog.listAuditLog({ page: pageRequest(input), accountId: input.account_id, targetType: input.target_type, targetId: input.target_id }, { viewerToken: ctx.viewerToken }),
    present: (_ctx, r: ListAuditLogResponse) => r.entries.map(presentAuditLogEntry),
    links: (r: ListAuditLogResponse) => edgeLinks(r.entries.map((e) => e.id)),
  },
];
