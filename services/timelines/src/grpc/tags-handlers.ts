import type { TagsServiceServer } from "@starling/proto/timelines/v1/tags";
import { unauthenticated, type AsyncHandlers } from "@starling/runtime";
import type { Viewer } from "@starling/runtime";
import type { FeedDeps } from "../use-cases/feed-deps.ts";
import { getTagTimeline } from "../use-cases/get-tag-timeline.ts";
import { followTagFor, getTag, listFollowedTags, unfollowTagFor } from "../use-cases/tag-follows.ts";

const accountOf = (viewer: Viewer | undefined): string => {
  if (!viewer?.accountId) throw unauthenticated("This method requires an authenticated user");
  return viewer.accountId;
};

/** gRPC handlers of TagsService: hashtag timelines, tags with history, and followed tags. */
export function tagsHandlers(deps: FeedDeps): AsyncHandlers<TagsServiceServer> {
  return {
    async getTagTimeline(request, ctx) {
      return { statusIds: await getTagTimeline(deps, request, request.page, ctx.viewer?.accountId) };
    },
    getTag: (request, ctx) => getTag(deps, request.tag, ctx.viewer?.accountId),
    followTag: (request, ctx) => followTagFor(deps, request.tag, accountOf(ctx.viewer)),
    unfollowTag: (request, ctx) => unfollowTagFor(deps, request.tag, accountOf(ctx.viewer)),
    async listFollowedTags(request, ctx) {
      return { tags: await listFollowedTags(deps, accountOf(ctx.viewer), request.page) };
    },
  };
}
