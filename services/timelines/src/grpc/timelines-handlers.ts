import type { TimelinesServiceServer } from "@starling/proto/timelines/v1/timelines";
import type { AsyncHandlers } from "@starling/runtime";
import type { FeedDeps } from "../use-cases/feed-deps.ts";
import { getHomeTimeline } from "../use-cases/get-home-timeline.ts";
import { getPublicTimeline } from "../use-cases/get-public-timeline.ts";
import { viewerAccount } from "./viewer-account.ts";

/** gRPC handlers of TimelinesService. */
export function timelinesHandlers(deps: FeedDeps): AsyncHandlers<TimelinesServiceServer> {
  return {
    async getHomeTimeline(request, ctx) {
      return { statusIds: await getHomeTimeline(deps, viewerAccount(ctx), request.page) };
    },
    async getPublicTimeline(request, ctx) {
      const filter = { local: request.local, remote: request.remote };
      return { statusIds: await getPublicTimeline(deps, filter, request.page, ctx.viewer?.accountId) };
    },
  };
}
