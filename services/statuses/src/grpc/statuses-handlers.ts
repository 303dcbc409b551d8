import { invalidArgument, unauthenticated, verifyViewer, type AsyncHandlers } from "@starling/runtime";
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
import { statusPageFor, statusPageToProto } from "./status-page-to-proto.ts";
import { statusPageForViewers, type AccountCaller } from "../use-cases/status-page-for-viewers.ts";
import { pollToProto } from "./poll-to-proto.ts";
import { createStatusInputOf } from "./create-status-input.ts";

// Viewers of one GetStatusPageForViewers call: the gateway sends a replica's viewers of a stream batch in chunks of at most this.
const MAX_VIEWERS = 2000;

/** StatusesService: decode → use case → encode; `viewerSecret` checks the viewer tokens a multi-viewer page carries. */
export function statusesHandlers(deps: StatusesDeps, viewerSecret: string): AsyncHandlers<StatusesServiceServer> {
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
    async getStatusPageForViewers(request) {
      if (request.viewerTokens.length > MAX_VIEWERS) throw invalidArgument(`At most ${MAX_VIEWERS} viewers per call`);
      const viewers = await Promise.all(request.viewerTokens.map((token) => accountCallerOf(viewerSecret, token)));
      const { page, viewers: parts } = await statusPageForViewers(deps, viewers, request.ids);
      return { page: statusPageToProto(page), viewers: parts.map((part) => ({ ...part, polls: part.polls.map(pollToProto) })) };
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

// Each viewer of a multi-viewer page proves itself with its own signed token, as a call's viewer does.
async function accountCallerOf(secret: string, viewerToken: string): Promise<AccountCaller> {
  const viewer = await verifyViewer(secret, viewerToken).catch(() => undefined);
  if (!viewer?.accountId) throw unauthenticated("Every viewer needs a valid signed viewer with an account");
  return { accountId: viewer.accountId, viewerToken };
}
