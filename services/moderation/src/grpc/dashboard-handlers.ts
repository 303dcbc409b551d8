import type { DashboardServiceServer } from "@starling/proto/moderation/v1/dashboard";
import type { AsyncHandlers } from "@starling/runtime";
import { getDimensions } from "../use-cases/dashboard-dimensions.ts";
import { getMeasures } from "../use-cases/dashboard-measures.ts";
import { getRetention } from "../use-cases/dashboard-retention.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { getInstanceActivity } from "../use-cases/instance-activity.ts";
import { callerOf } from "./caller-of.ts";

/** DashboardService: decode → use case → encode. */
export function dashboardHandlers(deps: ModerationDeps): AsyncHandlers<DashboardServiceServer> {
  return {
    getMeasures: async (request, ctx) => ({ measures: await getMeasures(deps, callerOf(ctx), request) }),
    getDimensions: async (request, ctx) => ({ dimensions: await getDimensions(deps, callerOf(ctx), request) }),
    getRetention: async (request, ctx) => ({ cohorts: await getRetention(deps, callerOf(ctx), request) }),
    getInstanceActivity: async () => ({ weeks: await getInstanceActivity(deps) }),
  };
}
