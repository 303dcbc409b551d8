import type { AsyncHandlers, CallContext } from "@starling/runtime";
import type { StatusesServiceServer } from "@starling/proto/statuses/v1/statuses";
import { createStatus } from "../use-cases/create-status.ts";
import { deleteStatus } from "../use-cases/delete-status.ts";
import type { Caller, StatusesDeps } from "../use-cases/dependencies.ts";
import { getStatuses } from "../use-cases/get-statuses.ts";
import { getUsageStats } from "../use-cases/get-usage-stats.ts";
import { statusToProto } from "./status-to-proto.ts";

const callerOf = (ctx: CallContext): Caller => ({ accountId: ctx.viewer?.accountId, viewerToken: ctx.viewerToken });

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
      });
      return { status: statusToProto(status) };
    },
    async getStatuses(request, ctx) {
      return { statuses: (await getStatuses(deps, callerOf(ctx), request.ids)).map(statusToProto) };
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
