import type { AsyncHandlers } from "@starling/runtime";
import { callerOf } from "./caller-of.ts";
import type { StatusesServiceServer } from "@starling/proto/statuses/v1/statuses";
import { createStatus } from "../use-cases/create-status.ts";
import { deleteStatus } from "../use-cases/delete-status.ts";
import type { StatusesDeps } from "../use-cases/dependencies.ts";
import { getStatuses } from "../use-cases/get-statuses.ts";
import { getStatusContext } from "../use-cases/get-status-context.ts";
import { getUsageStats } from "../use-cases/get-usage-stats.ts";
import { readViewVersionsAhead } from "../use-cases/status-views.ts";
import { statusToProto } from "./status-to-proto.ts";
import { statusesForViewer } from "./status-view-to-proto.ts";
import { statusPageFor } from "./status-page-to-proto.ts";
import { createStatusInputOf } from "./create-status-input.ts";

/** StatusesService: decode → use case → encode. */
export function statusesHandlers(deps: StatusesDeps): AsyncHandlers<StatusesServiceServer> {
  return {
    async createStatus(request, ctx) {
      const status = await createStatus(deps, callerOf(ctx), createStatusInputOf(request));
      return { status: statusToProto(status) };
    },
    async getStatuses(request, ctx) {
      const caller = callerOf(ctx);
      // Reblogs come with their originals, and a signed-in viewer with the viewer fields.
      return { statuses: await statusesForViewer(deps, caller, await getStatuses(deps, caller, request.ids)) };
    },
    async getStatusPage(request, ctx) {
      const caller = callerOf(ctx);
      // Nothing here writes, so the viewer's cache versions can be read with the rows.
      readViewVersionsAhead(deps, caller);
      return statusPageFor(deps, caller, await getStatuses(deps, caller, request.ids), request.filterContext);
    },
    async deleteStatus(request, ctx) {
      const caller = callerOf(ctx);
      const status = await deleteStatus(deps, caller, request.id);
      // Rendered from the deleted row, so delete-and-redraft gets its source text and attachments.
      return { status: statusToProto(status), page: await statusPageFor(deps, caller, [status]) };
    },
    async getStatusContext(request, ctx) {
      const caller = callerOf(ctx);
      const { ancestors, descendants } = await getStatusContext(deps, caller, request.id);
      const ids = (list: { id: string }[]) => list.map((s) => s.id);
      return { ancestorIds: ids(ancestors), descendantIds: ids(descendants), page: await statusPageFor(deps, caller, [...ancestors, ...descendants], "thread") };
    },
    async getUsageStats() {
      const { localPosts } = await getUsageStats(deps);
      return { stats: { usersTotal: 0, usersActiveMonth: 0, usersActiveHalfyear: 0, localPosts, knownDomains: 0 } };
    },
  };
}
