import type { AsyncHandlers } from "@starling/runtime";
import { callerOf } from "./caller-of.ts";
import type { StatusesServiceServer } from "@starling/proto/statuses/v1/statuses";
import { createStatus } from "../use-cases/create-status.ts";
import { deleteStatus } from "../use-cases/delete-status.ts";
import type { StatusesDeps } from "../use-cases/dependencies.ts";
import { getStatuses } from "../use-cases/get-statuses.ts";
import { getUsageStats } from "../use-cases/get-usage-stats.ts";
import { statusToProto } from "./status-to-proto.ts";
import { statusesForViewer } from "./status-view-to-proto.ts";
import { pollFromProto } from "./poll-to-proto.ts";

/** StatusesService: decode → use case → encode. */
export function statusesHandlers(deps: StatusesDeps): AsyncHandlers<StatusesServiceServer> {
  return {
    async createStatus(request, ctx) {
      const application = request.application?.name ? { name: request.application.name, website: request.application.website } : null;
      const status = await createStatus(deps, callerOf(ctx), {
        text: request.status,
        visibility: request.visibility,
        spoilerText: request.spoilerText,
        inReplyToId: request.inReplyToId,
        language: request.language,
        sensitive: request.sensitive,
        application,
        idempotencyKey: request.idempotencyKey,
        mediaIds: request.mediaIds,
        poll: pollFromProto(request.poll),
      });
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
    async getUsageStats() {
      const { localPosts } = await getUsageStats(deps);
      return { stats: { usersTotal: "0", usersActiveMonth: "0", usersActiveHalfyear: "0", localPosts: String(localPosts), knownDomains: "0" } };
    },
  };
}
