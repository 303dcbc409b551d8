import { z } from "zod";
import { edgeLinks, type Route, type RouteContext } from "../http/route.ts";
import { boolParam, pageParams, pageRequest } from "../http/params.ts";
import { presentStatusPage } from "../presenters/status.ts";
import { presentTag } from "../presenters/tag.ts";
import { hydrate, timelineLinks, type Hydrated } from "./timeline-routes.ts";

/** `any[]=a&any[]=b` arrives as an array; some clients send one value. */
const tagListParam = z.union([z.array(z.string().max(256)), z.string().max(256).transform((name) => [name])]).default([]);

const tagTimeline = z.object({
  ...pageParams(20),
  hashtag: z.string().max(256),
  any: tagListParam,
  all: tagListParam,
  none: tagListParam,
  local: boolParam.default(false),
  remote: boolParam.default(false),
  only_media: boolParam.default(false),
});
const tagPath = z.object({ id: z.string().max(256) });
const followedTags = z.object(pageParams(100));

type TagTimeline = z.infer<typeof tagTimeline>;
type TagPath = z.infer<typeof tagPath>;
type FollowedTagsPage = Awaited<ReturnType<RouteContext["clients"]["tags"]["listFollowedTags"]>>;

const tagAction = (action: "followTag" | "unfollowTag"): Route<TagPath> => ({
  method: "post",
  path: `/api/v1/tags/:id/${action === "followTag" ? "follow" : "unfollow"}`,
  auth: "user",
  scopes: ["follow", "write", "write:follows"],
  input: tagPath,
  call: (ctx, input) => ctx.clients.tags[action]({ tag: input.id }, { viewerToken: ctx.viewerToken }),
  present: presentTag,
});

/** Hashtag timeline, tags and followed tags (reference §1.6 and §1.15), answered by the timelines service. */
export const tagRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/timelines/tag/:hashtag",
    // As the public timeline: no token needed, a viewer's blocks and mutes apply when there is one.
    auth: "optional",
    scopes: ["read", "read:statuses"],
    input: tagTimeline,
    call: async (ctx, input: TagTimeline) => {
      const request = { page: pageRequest(input), tag: input.hashtag, any: input.any, all: input.all, none: input.none, local: input.local, remote: input.remote, onlyMedia: input.only_media };
      return hydrate(ctx, (await ctx.clients.tags.getTagTimeline(request, { viewerToken: ctx.viewerToken })).statusIds, "public");
    },
    present: (ctx, r: Hydrated) => presentStatusPage(ctx, r.page),
    links: timelineLinks,
  },
  {
    method: "get",
    path: "/api/v1/tags/:id",
    auth: "optional",
    input: tagPath,
    call: (ctx, input: TagPath) => ctx.clients.tags.getTag({ tag: input.id }, { viewerToken: ctx.viewerToken }),
    present: presentTag,
  },
  tagAction("followTag"),
  tagAction("unfollowTag"),
  {
    method: "get",
    path: "/api/v1/followed_tags",
    auth: "user",
    scopes: ["follow", "read", "read:follows"],
    input: followedTags,
    call: (ctx, input: z.infer<typeof followedTags>) => ctx.clients.tags.listFollowedTags({ page: pageRequest(input) }, { viewerToken: ctx.viewerToken }),
    present: (ctx, r: FollowedTagsPage) => r.tags.flatMap((f) => (f.tag ? [presentTag(ctx, f.tag)] : [])),
    // Paged by follow id; Mastodon 4.0.2 never sends this Link header (reference §9.3), clients need it.
    links: (r: FollowedTagsPage) => edgeLinks(r.tags.map((t) => t.followId)),
  },
];
