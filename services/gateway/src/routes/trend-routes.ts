import { z } from "zod";
import { offsetLinks, type Route, type RouteContext } from "../http/route.ts";
import { int32Param } from "../http/params.ts";
import type { LinkPublisher, OffsetPage } from "@starling/proto/trends/v1/trends";
import { presentTrendingLinks, presentTrendingStatuses, presentTrendingTags } from "../presenters/trend.ts";
import { staffAccess } from "./admin-crud-routes.ts";

const page = z.object({ limit: int32Param.optional(), offset: int32Param.min(0).default(0), lang: z.string().max(35).optional() });
type Page = z.infer<typeof page>;
const review = z.object({ id: z.string().min(1).max(255) });
type Review = z.infer<typeof review>;

/** The language whose trends to show: `lang`, else the first of Accept-Language; absent: all languages. */
function languageOf(ctx: RouteContext, input: Page): string | undefined {
  const header = ctx.headers["accept-language"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.split(";")[0]?.trim();
  return input.lang || (first && first !== "*" ? first : undefined);
}

const request = (ctx: RouteContext, input: Page, staff: boolean) => ({ limit: input.limit, offset: input.offset, language: languageOf(ctx, input), review: staff });

type Kind = "tags" | "statuses" | "links";
/** A rendered page of trends and where the pages beside it start (for the Link header). */
type Listed = { items: Record<string, unknown>[]; page?: OffsetPage | undefined };
const list = {
  tags: async (ctx: RouteContext, input: Page, staff: boolean): Promise<Listed> => {
    const { tags, page } = await ctx.clients.trends.listTrendingTags(request(ctx, input, staff), { viewerToken: ctx.viewerToken });
    return { items: presentTrendingTags(ctx, tags, staff), page };
  },
  statuses: async (ctx: RouteContext, input: Page, staff: boolean): Promise<Listed> => {
    const { statuses, page } = await ctx.clients.trends.listTrendingStatuses(request(ctx, input, staff), { viewerToken: ctx.viewerToken });
    return { items: await presentTrendingStatuses(ctx, statuses, staff), page };
  },
  links: async (ctx: RouteContext, input: Page, staff: boolean): Promise<Listed> => {
    const { links, page } = await ctx.clients.trends.listTrendingLinks(request(ctx, input, staff), { viewerToken: ctx.viewerToken });
    return { items: await presentTrendingLinks(ctx, links, staff), page };
  },
};

// Staff's trends_enabled instance setting (Mastodon's trends setting) empties the public lists, as Mastodon answers then.
const trendsShown = async (ctx: RouteContext) => (await ctx.clients.instanceSettings.getInstanceSettings({})).trendsEnabled;
// Trends page by offset, and link their neighbours with it, as Mastodon's trends controllers.
const publicList = (path: string, kind: Kind): Route<Page, Listed> => ({
  method: "get",
  path,
  auth: "none",
  input: page,
  call: async (ctx, input) => ((await trendsShown(ctx)) ? list[kind](ctx, input, false) : { items: [] }),
  present: (_ctx, listed) => listed.items,
  links: (listed) => offsetLinks(listed.page),
});
const adminList = (kind: Kind): Route<Page, Listed> => ({
  method: "get",
  path: `/api/v1/admin/trends/${kind}`,
  ...staffAccess("manage_taxonomies", "read"),
  input: page,
  call: (ctx, input) => list[kind](ctx, input, true),
  present: (_ctx, listed) => listed.items,
  links: (listed) => offsetLinks(listed.page),
});
const reviewRoute = (path: string, kind: string, approve: boolean): Route<Review> => ({
  method: "post",
  path: `${path}/:id/${approve ? "approve" : "reject"}`,
  ...staffAccess("manage_taxonomies", "write"),
  input: review,
  call: (ctx, input) => ctx.clients.trends.reviewTrend({ kind, id: input.id, approve }, { viewerToken: ctx.viewerToken }),
  present: (_ctx, answer) => ({ trendable: answer.review?.trendable ?? false, requires_review: false }),
});
const REVIEWED = [
  ["/api/v1/admin/trends/tags", "tag"],
  ["/api/v1/admin/trends/statuses", "status"],
  ["/api/v1/admin/trends/links", "link"],
  ["/api/v1/admin/trends/links/publishers", "publisher"],
  ["/api/v1/admin/trends/accounts", "account"],
] as const;

/** Trends (reference §1.17) and their review (§1.23, approve/reject as later Mastodon), answered by the trends service. */
export const trendRoutes: Route[] = [
  publicList("/api/v1/trends", "tags"),
  publicList("/api/v1/trends/tags", "tags"),
  publicList("/api/v1/trends/statuses", "statuses"),
  publicList("/api/v1/trends/links", "links"),
  {
    method: "get",
    path: "/api/v1/admin/trends/links/publishers",
    ...staffAccess("manage_taxonomies", "read"),
    input: z.object({}),
    call: async (ctx) => (await ctx.clients.trends.listLinkPublishers({}, { viewerToken: ctx.viewerToken })).publishers,
    present: (_ctx, publishers) => publishers.map((p: LinkPublisher) => ({ id: p.domain, domain: p.domain, trendable: p.review?.trendable ?? false, requires_review: p.review?.requiresReview ?? true })),
  },
  ...(["tags", "statuses", "links"] as const).map(adminList),
  ...REVIEWED.flatMap(([path, kind]) => [reviewRoute(path, kind, true), reviewRoute(path, kind, false)]),
];
