import { invalidArgument, unauthenticated, verifyViewer, type AsyncHandlers } from "@starling/runtime";
import { callerOf } from "./caller-of.ts";
import type { StatusesServiceServer, ViewerStatusPage } from "@starling/proto/statuses/v1/statuses";
import { createStatus } from "../use-cases/create-status.ts";
import { deleteStatus } from "../use-cases/delete-status.ts";
import type { StatusesDeps } from "../use-cases/dependencies.ts";
import { getStatuses } from "../use-cases/get-statuses.ts";
import { getStatusContext } from "../use-cases/get-status-context.ts";
import { getUsageStats } from "../use-cases/get-usage-stats.ts";
import { readViewVersionsAhead } from "../use-cases/status-views.ts";
import { statusToProto } from "./status-to-proto.ts";
import { filterResultsToProto, statusesForViewer } from "./status-view-to-proto.ts";
import { statusPageFor, statusPageToProto } from "./status-page-to-proto.ts";
import { statusPageForViewers, type AccountCaller, type ViewerPart } from "../use-cases/status-page-for-viewers.ts";
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
      if (request.viewers.length > MAX_VIEWERS) throw invalidArgument(`At most ${MAX_VIEWERS} viewers per call`);
      // A viewer asked in two contexts is verified once.
      const callers = new Map([...new Set(request.viewers.map((v) => v.viewerToken))].map((token) => [token, accountCallerOf(viewerSecret, token)]));
      const requests = await Promise.all(request.viewers.map(async ({ viewerToken, ids, filterContext }) => ({ caller: await callers.get(viewerToken)!, ids, filterContext })));
      const { page, viewers } = await statusPageForViewers(deps, requests);
      return { page: statusPageToProto(page), viewers: viewers.map(viewerStatusPageToProto) };
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

function viewerStatusPageToProto({ accountId, views, polls }: ViewerPart): ViewerStatusPage {
  return { accountId, statusIds: views.map((v) => v.status.id), states: views.map((v) => v.viewer!), polls: polls.map(pollToProto), filtered: views.map((v) => ({ results: filterResultsToProto(v.filtered) })) };
}

// Each viewer of a multi-viewer page proves itself with its own signed token, as a call's viewer does.
async function accountCallerOf(secret: string, viewerToken: string): Promise<AccountCaller> {
  const viewer = await verifyViewer(secret, viewerToken).catch(() => undefined);
  if (!viewer?.accountId) throw unauthenticated("Every viewer needs a valid signed viewer with an account");
  return { accountId: viewer.accountId, viewerToken };
}
