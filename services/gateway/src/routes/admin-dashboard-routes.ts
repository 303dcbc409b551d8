import { z } from "zod";
import type { Route } from "../http/route.ts";
import { choiceParam, int32Param } from "../http/params.ts";
import { presentCohort, presentDimension, presentMeasure } from "../presenters/admin-dashboard.ts";
import { staffAccess } from "./admin-crud-routes.ts";

const keyList = z.union([z.array(z.string()), z.string().transform((key) => [key])]).default([]);
// Per-key parameters arrive as `tag_accounts[id]=…` or `instance_statuses[domain]=…`, so any other field is kept.
const dashboard = z.object({ keys: keyList, start_at: choiceParam, end_at: choiceParam, limit: int32Param.optional() }).catchall(z.unknown());
const retention = z.object({ start_at: choiceParam, end_at: choiceParam, frequency: choiceParam });
const access = staffAccess("view_dashboard", "read");

/** The `field` of each per-key parameter object (`{ tag_uses: { id: "cats" } }` → `{ tag_uses: "cats" }`). */
function perKey(input: Record<string, unknown>, prefix: string, field: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    const inner = value && typeof value === "object" ? (value as Record<string, unknown>)[field] : undefined;
    if (key.startsWith(prefix) && (typeof inner === "string" || typeof inner === "number")) found[key] = String(inner);
  }
  return found;
}

const request = (input: z.infer<typeof dashboard>) => ({
  keys: input.keys,
  startAt: input.start_at,
  endAt: input.end_at,
  tags: perKey(input, "tag_", "id"),
  domains: perKey(input, "instance_", "domain"),
  limit: input.limit,
});

/**
 * The admin dashboard (reference §1.23), from the moderation service's counters. Tags are named by
 * their name (`tag_uses[id]=cats`): Starling's hashtags have no numeric ids.
 */
export const adminDashboardRoutes: Route[] = [
  {
    method: "post",
    path: "/api/v1/admin/measures",
    ...access,
    input: dashboard,
    call: (ctx, input: z.infer<typeof dashboard>) => ctx.clients.dashboard.getMeasures(request(input), { viewerToken: ctx.viewerToken }),
    present: (_ctx, r) => r.measures.map(presentMeasure),
  },
  {
    method: "post",
    path: "/api/v1/admin/dimensions",
    ...access,
    input: dashboard,
    call: (ctx, input: z.infer<typeof dashboard>) => ctx.clients.dashboard.getDimensions(request(input), { viewerToken: ctx.viewerToken }),
    present: (_ctx, r) => r.dimensions.map(presentDimension),
  },
  {
    method: "post",
    path: "/api/v1/admin/retention",
    ...access,
    input: retention,
    call: (ctx, input: z.infer<typeof retention>) =>
      ctx.clients.dashboard.getRetention({ startAt: input.start_at, endAt: input.end_at, frequency: input.frequency }, { viewerToken: ctx.viewerToken }),
    present: (_ctx, r) => r.cohorts.map(presentCohort),
  },
];
