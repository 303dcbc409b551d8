import { z } from "zod";
import type { UsageStats } from "@starling/proto/common/v1/page";
import type { Route, RouteContext } from "../http/route.ts";
import { presentInstanceV1, presentInstanceV2 } from "../presenters/instance.ts";

/** Usage counts gathered from the services that own them, in parallel. */
async function usage(ctx: RouteContext): Promise<UsageStats> {
  const [accounts, statuses] = await Promise.all([ctx.clients.accounts.getUsageStats({}), ctx.clients.statuses.getUsageStats({})]);
  return { ...accounts.stats!, localPosts: statuses.stats?.localPosts ?? "0" } as UsageStats;
}

// Public and cacheable for three minutes, as Mastodon serves them.
const cacheControl = "public, max-age=180";

/** Instance description routes (reference §1.19). */
export const instanceRoutes: Route[] = [
  { method: "get", path: "/api/v1/instance", auth: "none", cacheControl, input: z.object({}), call: usage, present: (ctx, stats) => presentInstanceV1(ctx.config, ctx.baseUrl, stats) },
  { method: "get", path: "/api/v2/instance", auth: "none", cacheControl, input: z.object({}), call: usage, present: (ctx, stats) => presentInstanceV2(ctx.config, ctx.baseUrl, stats) },
];
