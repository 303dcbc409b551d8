import { z } from "zod";
import type { Report } from "@starling/proto/moderation/v1/reports";
import { edgeLinks, type Route, type RouteContext } from "../http/route.ts";
import { boolParam, choiceParam, idListParam, idParam, pageParams, pageRequest } from "../http/params.ts";
import { presentAdminReports, presentReports } from "../presenters/report.ts";
import { staffAccess } from "./admin-crud-routes.ts";

const file = z.object({
  account_id: idParam,
  status_ids: idListParam.default([]),
  comment: z.string().default(""),
  forward: boolParam.default(false),
  category: choiceParam,
  rule_ids: idListParam.default([]),
});
const byId = z.object({ id: idParam });
const list = z.object({ ...pageParams(100), resolved: boolParam.optional(), account_id: idParam.optional(), target_account_id: idParam.optional() });
const change = z.object({ id: idParam, category: choiceParam, rule_ids: idListParam.optional() });
const staffRead = staffAccess("manage_reports", "read", "reports");
const staffWrite = staffAccess("manage_reports", "write", "reports");

const presentOne = async (ctx: RouteContext, report: Report) => (await presentAdminReports(ctx, [report]))[0];

/** A POST that changes one report and answers it as Admin::Report. */
const reportAction = (path: string, call: (ctx: RouteContext, id: string) => Promise<Report>): Route => ({
  method: "post",
  path: `/api/v1/admin/reports/:id/${path}`,
  ...staffWrite,
  input: byId,
  call: (ctx, input: z.infer<typeof byId>) => call(ctx, input.id),
  present: presentOne,
});

/** Reports (reference §1.20 and the admin reports of §1.23), owned by the moderation service. */
export const reportRoutes: Route[] = [
  {
    method: "post",
    path: "/api/v1/reports",
    auth: "user",
    scopes: ["write", "write:reports"],
    input: file,
    call: (ctx, input: z.infer<typeof file>) =>
      ctx.clients.reports.createReport(
        { targetAccountId: input.account_id, statusIds: input.status_ids, comment: input.comment, forward: input.forward, category: input.category, ruleIds: input.rule_ids },
        { viewerToken: ctx.viewerToken },
      ),
    present: async (ctx, report: Report) => (await presentReports(ctx, [report]))[0],
  },
  {
    method: "get",
    path: "/api/v1/admin/reports",
    ...staffRead,
    input: list,
    call: async (ctx, input: z.infer<typeof list>) =>
      (await ctx.clients.reports.listReports({ page: pageRequest(input), resolved: input.resolved, accountId: input.account_id, targetAccountId: input.target_account_id, ids: [] }, { viewerToken: ctx.viewerToken })).reports,
    present: presentAdminReports,
    links: (reports: Report[]) => edgeLinks(reports.map((r) => r.id)),
  },
  { method: "get", path: "/api/v1/admin/reports/:id", ...staffRead, input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.reports.getReport(input, { viewerToken: ctx.viewerToken }), present: presentOne },
  ...(["put", "patch"] as const).map(
    (method): Route => ({
      method,
      path: "/api/v1/admin/reports/:id",
      ...staffWrite,
      input: change,
      call: (ctx, input: z.infer<typeof change>) =>
        ctx.clients.reports.updateReport({ id: input.id, category: input.category, ruleIds: input.rule_ids ?? [], setRuleIds: input.rule_ids !== undefined }, { viewerToken: ctx.viewerToken }),
      present: presentOne,
    }),
  ),
  reportAction("assign_to_self", (ctx, id) => ctx.clients.reports.assignReport({ id, toSelf: true }, { viewerToken: ctx.viewerToken })),
  reportAction("unassign", (ctx, id) => ctx.clients.reports.assignReport({ id, toSelf: false }, { viewerToken: ctx.viewerToken })),
  reportAction("resolve", (ctx, id) => ctx.clients.reports.resolveReport({ id }, { viewerToken: ctx.viewerToken })),
  reportAction("reopen", (ctx, id) => ctx.clients.reports.reopenReport({ id }, { viewerToken: ctx.viewerToken })),
];
