import { z } from "zod";
import type { Route, RouteContext } from "../http/route.ts";
import { boolParam, pageParams } from "../http/params.ts";
import { presentStatuses } from "../presenters/status.ts";

const home = z.object(pageParams(20));
const publicTimeline = z.object({ ...pageParams(20), local: boolParam.default(false), remote: boolParam.default(false), only_media: boolParam.default(false) });

type Page = z.infer<typeof home>;
// limit=0 asks for nothing (reference §6.1); the page message cannot carry a zero, so answer here.
const noneRequested = { statusIds: [] as string[], statuses: [] };
const page = (input: Page) => ({ maxId: input.max_id ?? "", sinceId: input.since_id ?? "", minId: input.min_id ?? "", limit: input.limit });

/** Statuses for timeline ids, in timeline order; ids the viewer may not see drop out. */
async function hydrate(ctx: RouteContext, statusIds: string[]) {
  if (statusIds.length === 0) return { statusIds, statuses: [] };
  const { statuses } = await ctx.clients.statuses.getStatuses({ ids: statusIds }, { viewerToken: ctx.viewerToken });
  return { statusIds, statuses };
}

type Hydrated = Awaited<ReturnType<typeof hydrate>>;

// Timelines link both ways whenever the page is not empty (reference §6.1), using the cursors
// the timeline service returned, so hidden statuses never break paging.
const timelineLinks = (r: Hydrated) => (r.statusIds.length ? { next: r.statusIds.at(-1), prev: r.statusIds[0], prevParam: "min_id" as const } : undefined);

/** Timeline routes of the slice (reference §1.6). */
export const timelineRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/timelines/home",
    auth: "user",
    scopes: ["read", "read:statuses"],
    input: home,
    call: async (ctx, input: Page) =>
      input.limit === 0 ? noneRequested : hydrate(ctx, (await ctx.clients.timelines.getHomeTimeline({ page: page(input) }, { viewerToken: ctx.viewerToken })).statusIds),
    present: (ctx, r: Hydrated) => presentStatuses(ctx, r.statuses),
    links: timelineLinks,
  },
  {
    method: "get",
    path: "/api/v1/timelines/public",
    auth: "optional",
    scopes: ["read", "read:statuses"],
    input: publicTimeline,
    call: async (ctx, input: z.infer<typeof publicTimeline>) =>
      input.limit === 0
        ? noneRequested
        : hydrate(
        ctx,
        (await ctx.clients.timelines.getPublicTimeline({ page: page(input), local: input.local, remote: input.remote }, { viewerToken: ctx.viewerToken })).statusIds,
      ),
    present: (ctx, r: Hydrated) => presentStatuses(ctx, r.statuses),
    links: timelineLinks,
  },
];
