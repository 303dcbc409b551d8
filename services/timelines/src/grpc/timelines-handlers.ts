import type { TimelinesServiceServer } from "@starling/proto/timelines/v1/timelines";
import { unauthenticated, type AsyncHandlers } from "@starling/runtime";
import type { FeedDeps } from "../use-cases/feed-deps.ts";
import { getHomeTimeline } from "../use-cases/get-home-timeline.ts";
import { getPublicTimeline } from "../use-cases/get-public-timeline.ts";
import { pageInputOf, withValidCursors } from "./page-request.ts";

/** gRPC handlers of TimelinesService. */
export function timelinesHandlers(deps: FeedDeps): AsyncHandlers<TimelinesServiceServer> {
  return {
    async getHomeTimeline(request, ctx) {
      const accountId = ctx.viewer?.accountId;
      if (!accountId) throw unauthenticated("This method requires an authenticated user");
      return { statusIds: await withValidCursors(() => getHomeTimeline(deps, accountId, pageInputOf(request.page))) };
    },
    async getPublicTimeline(request, ctx) {
      const filter = { local: request.local, remote: request.remote };
      return { statusIds: await withValidCursors(() => getPublicTimeline(deps, filter, pageInputOf(request.page), ctx.viewer?.accountId)) };
    },
  };
}
