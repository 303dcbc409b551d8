import type { AsyncHandlers } from "@starling/runtime";
import type { FeaturedTag as FeaturedTagMessage, FeaturedTagsServiceServer } from "@starling/proto/statuses/v1/featured_tags";
import type { StatusesDeps } from "../use-cases/dependencies.ts";
import { featureTag, listFeaturedTags, suggestFeaturedTags, unfeatureTag, type FeaturedTag } from "../use-cases/featured-tags.ts";
import { callerOf } from "./caller-of.ts";

function featuredTagToProto(tag: FeaturedTag): FeaturedTagMessage {
  return { id: tag.id, accountId: tag.accountId, name: tag.name, url: tag.url, statusesCount: tag.statusesCount, lastStatusAt: tag.lastStatusAt };
}

/** FeaturedTagsService: decode → use case → encode. */
export function featuredTagsHandlers(deps: StatusesDeps): AsyncHandlers<FeaturedTagsServiceServer> {
  return {
    async listFeaturedTags(request, ctx) {
      const accountId = /^\d{1,19}$/.test(request.accountId) ? request.accountId : undefined;
      return { tags: accountId ? (await listFeaturedTags(deps, accountId, callerOf(ctx))).map(featuredTagToProto) : [] };
    },
    async featureTag(request, ctx) {
      return featuredTagToProto(await featureTag(deps, callerOf(ctx), request.name));
    },
    async unfeatureTag(request, ctx) {
      await unfeatureTag(deps, callerOf(ctx), request.id);
      return {};
    },
    async suggestFeaturedTags(_request, ctx) {
      return { tags: await suggestFeaturedTags(deps, callerOf(ctx)) };
    },
  };
}
