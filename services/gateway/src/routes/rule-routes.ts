import { z } from "zod";
import type { Route } from "../http/route.ts";
import { idParam, int32Param } from "../http/params.ts";
import { presentAdminRule, presentRule } from "../presenters/rule.ts";
import { adminCrudRoutes } from "./admin-crud-routes.ts";

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
  // Rules are public, so the admin list reads them without the viewer; there is no route for one rule.
  ...adminCrudRoutes({
    path: "/api/v1/admin/rules",
    permission: "manage_rules",
    client: (ctx) => ctx.clients.rules,
    present: presentAdminRule,
    list: async (rules) => (await rules.listRules({ ids: [] })).rules,
    create: { input: z.object({ text: z.string().default(""), hint: z.string().optional(), priority: int32Param.optional() }), call: (rules, input, options) => rules.createRule(input, options) },
    update: {
      input: z.object({ id: idParam, text: z.string().optional(), hint: z.string().optional(), priority: int32Param.optional() }),
      call: (rules, input, options) => rules.updateRule(input, options),
    },
    remove: (rules, input, options) => rules.deleteRule(input, options),
  }),
];
