import { z } from "zod";
import { edgeLinks, type Route, type RouteContext } from "../http/route.ts";
import { boolParam, idParam, pageParams, pageRequest } from "../http/params.ts";
import { presentStatusPage } from "../presenters/status.ts";

const home = z.object(pageParams(20));
const listTimeline = z.object({ ...pageParams(20), list_id: idParam });
const publicTimeline = z.object({ ...pageParams(20), local: boolParam.default(false), remote: boolParam.default(false), only_media: boolParam.default(false) });

type Page = z.infer<typeof home>;
const nothing = { statusIds: [] as string[], page: undefined };

/**
 * The page of timeline ids, in timeline order, from the one hydration call; ids the viewer may not
 * see, or that a `hide` filter of `filterContext` (the viewer's filters' context of the route) matches, drop out.
 */
export async function hydrate(ctx: RouteContext, statusIds: string[], filterContext: "home" | "public") {
  if (statusIds.length === 0) return nothing;
  return { statusIds, page: await ctx.clients.statuses.getStatusPage({ ids: statusIds, filterContext }, { viewerToken: ctx.viewerToken }) };
}

export type Hydrated = Awaited<ReturnType<typeof hydrate>>;

// Timelines link both ways whenever the page is not empty (reference §6.1), using the cursors
// the timeline service returned, so hidden statuses never break paging.
export const timelineLinks = (r: Hydrated) => edgeLinks(r.statusIds);

/** Timeline routes (reference §1.6). */
export const timelineRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/timelines/home",
    auth: "user",
    scopes: ["read", "read:statuses"],
    input: home,
    call: async (ctx, input: Page) =>
      hydrate(ctx, (await ctx.clients.timelines.getHomeTimeline({ page: pageRequest(input) }, { viewerToken: ctx.viewerToken })).statusIds, "home"),
    present: (ctx, r: Hydrated) => presentStatusPage(ctx, r.page),
    links: timelineLinks,
  },
  {
    method: "get",
    path: "/api/v1/timelines/public",
    auth: "optional",
    scopes: ["read", "read:statuses"],
    input: publicTimeline,
    call: async (ctx, input: z.infer<typeof publicTimeline>) =>
      hydrate(ctx, (await ctx.clients.timelines.getPublicTimeline({ page: pageRequest(input), local: input.local, remote: input.remote }, { viewerToken: ctx.viewerToken })).statusIds, "public"),
    present: (ctx, r: Hydrated) => presentStatusPage(ctx, r.page),
    links: timelineLinks,
  },
  {
    method: "get",
    path: "/api/v1/timelines/list/:list_id",
    auth: "user",
    scopes: ["read", "read:lists"],
    input: listTimeline,
    call: async (ctx, input: z.infer<typeof listTimeline>) =>
      hydrate(ctx, (await ctx.clients.lists.getListTimeline({ listId: input.list_id, page: pageRequest(input) }, { viewerToken: ctx.viewerToken })).statusIds, "home"),
    present: (ctx, r: Hydrated) => presentStatusPage(ctx, r.page),
    links: timelineLinks,
  },
];
