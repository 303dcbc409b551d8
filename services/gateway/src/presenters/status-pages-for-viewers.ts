import type { FilterResult, Status, StatusViewerState } from "@starling/proto/statuses/v1/statuses";
import type { Viewer } from "@starling/runtime";
import type { RouteContext } from "../http/route.ts";
import { presentStatusPage } from "./status.ts";

/** One signed-in viewer's share of a multi-viewer page: its signed token, its statuses and where they are shown. */
export interface ViewerPageRequest {
  viewer: Viewer & { accountId: string };
  viewerToken: string;
  ids: string[];
  /** As presentStatusesById's: which of the viewer's filters apply (see GetStatusPageRequest). */
  filterContext: string | undefined;
}

// Viewers per GetStatusPageForViewers call (the statuses service takes at most 2,000).
const VIEWERS_PER_CALL = 1000;
// A call reads the standings of each of its viewers it has not cached (a call to accounts each), so
// it may take longer than a client request may; it serves a stream batch, which no client waits on.
const CALL_DEADLINE_MS = 30_000;

/**
 * Renders each request's statuses for its viewer from the one hydration for many viewers
 * (GetStatusPageForViewers, a call per thousand viewers): each viewer's statuses are those of the
 * shared page it may see, with its own state, filter results and poll votes, rendered by the same
 * presenter as every list. Resolves the rendered statuses in the requests' order.
 */
export async function presentStatusesForViewers(ctx: Pick<RouteContext, "clients" | "baseUrl">, requests: ViewerPageRequest[]): Promise<Record<string, unknown>[][]> {
  const rendered: Record<string, unknown>[][] = [];
  const starts = Array.from({ length: Math.ceil(requests.length / VIEWERS_PER_CALL) }, (_, i) => i * VIEWERS_PER_CALL);
  await Promise.all(
    starts.map(async (start) => {
      const chunk = requests.slice(start, start + VIEWERS_PER_CALL);
      const answer = await ctx.clients.statuses.getStatusPageForViewers({ viewers: chunk.map(({ viewerToken, ids, filterContext }) => ({ viewerToken, ids, filterContext })) }, { deadlineMs: CALL_DEADLINE_MS });
      const page = answer.page;
      const byId = new Map((page?.statuses ?? []).map((s) => [s.id, s]));
      answer.viewers.forEach((part, i) => {
        const statuses = part.statusIds.flatMap((id, j) => {
          const status = byId.get(id);
          return status ? [asViewerSees(status, part.states[j], part.filtered[j]?.results ?? [])] : [];
        });
        const own = page && { ...page, statuses, polls: part.polls.length > 0 ? part.polls : page.polls };
        rendered[start + i] = presentStatusPage({ viewer: chunk[i]!.viewer, baseUrl: ctx.baseUrl }, own);
      });
    }),
  );
  return requests.map((_, i) => rendered[i] ?? []);
}

// As GetStatusPage sets them: a reblog and its original carry the original's state (the reblog never pinned) and the same filter results.
function asViewerSees(status: Status, state: StatusViewerState | undefined, filtered: FilterResult[]): Status {
  if (!status.reblog) return { ...status, filtered, ...(state ? { viewer: state } : {}) };
  return { ...status, filtered, ...(state ? { viewer: { ...state, pinned: false } } : {}), reblog: { ...status.reblog, filtered, ...(state ? { viewer: state } : {}) } };
}
