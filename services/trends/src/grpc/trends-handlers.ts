import type { ReviewState, TrendDay, TrendsServiceServer } from "@starling/proto/trends/v1/trends";
import type { AsyncHandlers } from "@starling/runtime";
import type { DayCount } from "../data/trend-list-queries.ts";
import { requireTaxonomyStaff } from "../domain/staff.ts";
import type { TrendsDeps } from "../use-cases/deps.ts";
import { listTrends, type ListedTrend } from "../use-cases/list-trends.ts";
import { refreshTrends } from "../use-cases/refresh-trends.ts";
import { requestReviewQuietly } from "../use-cases/request-review.ts";
import { linkPublishers, reviewTrend } from "../use-cases/review-trends.ts";
import { callerOf } from "./caller-of.ts";

const dayToProto = (day: DayCount): TrendDay => ({ day: day.day, uses: day.uses, accounts: day.accounts });
const reviewToProto = (decision: boolean | null, requiresReview: boolean): ReviewState => ({ trendable: decision ?? undefined, requiresReview });
const reviewOf = (item: ListedTrend) => reviewToProto(item.decisions.find((d) => d !== null) ?? null, item.requiresReview);

/** TrendsService: decode → use case → encode. */
export function trendsHandlers(deps: TrendsDeps): AsyncHandlers<TrendsServiceServer> {
  return {
    async listTrendingTags(request, ctx) {
      const { items: tags, page } = await listTrends(deps, callerOf(ctx), "tag", request);
      return { page, tags: tags.map((tag) => ({ id: tag.itemId, name: tag.label, displayName: tag.label, history: tag.history.map(dayToProto), score: tag.score, review: reviewOf(tag) })) };
    },
    async listTrendingStatuses(request, ctx) {
      const { items: statuses, page } = await listTrends(deps, callerOf(ctx), "status", request);
      return { page, statuses: statuses.map((status) => ({ statusId: status.itemId, accountId: status.label, score: status.score, review: reviewOf(status) })) };
    },
    async listTrendingLinks(request, ctx) {
      const { items: links, page } = await listTrends(deps, callerOf(ctx), "link", request);
      return {
        page,
        links: links.map((link) => ({ id: link.itemId, cardId: link.itemId, url: link.label, publisher: link.publisher, history: link.history.map(dayToProto), score: link.score, review: reviewOf(link) })),
      };
    },
    async refreshTrends(_request, ctx) {
      requireTaxonomyStaff(callerOf(ctx));
      const counts = (await refreshTrends(deps))!;
      await requestReviewQuietly(deps);
      return counts;
    },
    async listLinkPublishers(_request, ctx) {
      const publishers = await linkPublishers(deps, callerOf(ctx));
      return { publishers: publishers.map((p) => ({ domain: p.domain, review: reviewToProto(p.trendable, p.trendable === null) })) };
    },
    async reviewTrend(request, ctx) {
      const { trendable } = await reviewTrend(deps, callerOf(ctx), request);
      return { review: reviewToProto(trendable, false) };
    },
  };
}
