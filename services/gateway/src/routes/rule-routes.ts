import { z } from "zod";
import type { Route } from "../http/route.ts";
import { idParam, int32Param } from "../http/params.ts";
import { presentAdminRule, presentRule } from "../presenters/rule.ts";

const byId = z.object({ id: idParam });
const create = z.object({ text: z.string().default(""), hint: z.string().optional(), priority: int32Param.optional() });
const change = z.object({ id: idParam, text: z.string().optional(), hint: z.string().optional(), priority: int32Param.optional() });
const staffRead = { auth: "user" as const, scopes: ["admin:read"], permission: "manage_rules" as const };
const staffWrite = { auth: "user" as const, scopes: ["admin:write"], permission: "manage_rules" as const };

/** Server rules (reference §1.19), owned by the moderation service; the admin routes are beyond Mastodon 4.0. */
export const ruleRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/instance/rules",
    auth: "none",
    cacheControl: "public, max-age=180",
    input: z.object({}),
    call: async (ctx) => (await ctx.clients.rules.listRules({ ids: [] })).rules,
    present: (_ctx, rules) => rules.map(presentRule),
  },
  { method: "get", path: "/api/v1/admin/rules", ...staffRead, input: z.object({}), call: async (ctx) => (await ctx.clients.rules.listRules({ ids: [] })).rules, present: (_ctx, rules) => rules.map(presentAdminRule) },
  {
    method: "post",
    path: "/api/v1/admin/rules",
    ...staffWrite,
    input: create,
    call: (ctx, input: z.infer<typeof create>) => ctx.clients.rules.createRule(input, { viewerToken: ctx.viewerToken }),
    present: (_ctx, rule) => presentAdminRule(rule),
  },
  {
    method: "put",
    path: "/api/v1/admin/rules/:id",
    ...staffWrite,
    input: change,
    call: (ctx, input: z.infer<typeof change>) => ctx.clients.rules.updateRule(input, { viewerToken: ctx.viewerToken }),
    present: (_ctx, rule) => presentAdminRule(rule),
  },
  {
    method: "delete",
    path: "/api/v1/admin/rules/:id",
    ...staffWrite,
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.rules.deleteRule(input, { viewerToken: ctx.viewerToken }),
    present: () => ({}),
  },
];
