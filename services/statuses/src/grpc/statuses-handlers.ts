import type { AsyncHandlers } from "@starling/runtime";
import { callerOf } from "./caller-of.ts";
import type { StatusesServiceServer } from "@starling/proto/statuses/v1/statuses";
import { createStatus } from "../use-cases/create-status.ts";
import { deleteStatus } from "../use-cases/delete-status.ts";
import type { StatusesDeps } from "../use-cases/dependencies.ts";
import { getStatuses } from "../use-cases/get-statuses.ts";
import { getStatusContext } from "../use-cases/get-status-context.ts";
import { getUsageStats } from "../use-cases/get-usage-stats.ts";
import { statusToProto } from "./status-to-proto.ts";
import { statusesForViewer } from "./status-view-to-proto.ts";
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
    async deleteStatus(request, ctx) {
      return { status: statusToProto(await deleteStatus(deps, callerOf(ctx), request.id)) };
    },
    async getStatusContext(request, ctx) {
      const caller = callerOf(ctx);
      const { ancestors, descendants } = await getStatusContext(deps, caller, request.id);
      // One viewer-state pass for the whole thread, split back by id.
      const encoded = new Map((await statusesForViewer(deps, caller, [...ancestors, ...descendants])).map((s) => [s.id, s]));
      const pick = (list: { id: string }[]) => list.flatMap((s) => encoded.get(s.id) ?? []);
      return { ancestors: pick(ancestors), descendants: pick(descendants) };
    },
    async getUsageStats() {
      const { localPosts } = await getUsageStats(deps);
      return { stats: { usersTotal: "0", usersActiveMonth: "0", usersActiveHalfyear: "0", localPosts: String(localPosts), knownDomains: "0" } };
    },
  };
}
