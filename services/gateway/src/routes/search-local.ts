import type { Tag } from "@starling/proto/timelines/v1/tags";
import type { RouteContext } from "../http/route.ts";

/** Ids of the statuses the words find for the viewer (trends' full-text search), newest first. */
export async function searchStatusIds(
  ctx: RouteContext,
  input: { q: string; limit: number; offset: number; maxId?: string | undefined; minId?: string | undefined; accountId?: string | undefined },
): Promise<string[]> {
  const { statusIds } = await ctx.clients.search.searchStatuses(input, { viewerToken: ctx.viewerToken });
  return statusIds;
}

/**
 * Hashtags whose names start with the query, as rich Tag objects: trends finds the names, the
 * timelines service (which keeps each tag's history and who follows it) answers each in parallel.
 */
export async function searchHashtags(ctx: RouteContext, input: { q: string; limit: number; offset: number; excludeUnreviewed?: boolean | undefined }): Promise<Tag[]> {
  const as = { viewerToken: ctx.viewerToken };
  const { names } = await ctx.clients.search.searchTags(input, as);
  return Promise.all(names.map((name) => ctx.clients.tags.getTag({ tag: name }, as)));
}
