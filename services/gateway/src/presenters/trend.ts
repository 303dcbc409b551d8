import type { TrendingLink, TrendingStatus, TrendingTag } from "@starling/proto/trends/v1/trends";
import type { RouteContext } from "../http/route.ts";
import { presentPreviewCard } from "./preview-card.ts";
import { presentStatusesById } from "./status.ts";
import { presentTag } from "./tag.ts";

const historyOf = (item: TrendingTag | TrendingLink) => item.history.map((d) => ({ day: String(d.day), uses: String(d.uses), accounts: String(d.accounts) }));
// Staff see the review state beside each entity, as later Mastodon versions' admin trends do.
const reviewFields = (item: TrendingTag | TrendingLink | TrendingStatus) => ({ trendable: item.review?.trendable ?? false, requires_review: item.review?.requiresReview ?? true });

/** Trending tags as Mastodon's Tag with history; for staff also id, score and review state. */
export function presentTrendingTags(ctx: RouteContext, tags: TrendingTag[], staff: boolean): Record<string, unknown>[] {
  return tags.map((tag) => ({ ...presentTag(ctx, { name: tag.name, displayName: tag.displayName, history: tag.history }), ...(staff ? { id: tag.id, score: tag.score, usable: true, ...reviewFields(tag) } : {}) }));
}

/** Trending links as PreviewCard with history (Trends::Link), their cards read from media in one call. */
export async function presentTrendingLinks(ctx: RouteContext, links: TrendingLink[], staff: boolean): Promise<Record<string, unknown>[]> {
  if (links.length === 0) return [];
  const { cards } = await ctx.clients.previewCards.getPreviewCards({ ids: links.map((link) => link.cardId) }, { viewerToken: ctx.viewerToken });
  const byId = new Map(cards.map((card) => [card.id, card]));
  return links.flatMap((link) => {
    const card = byId.get(link.cardId);
    if (!card) return [];
    return [{ ...presentPreviewCard(card), history: historyOf(link), ...(staff ? { id: link.id, score: link.score, publisher: link.publisher, ...reviewFields(link) } : {}) }];
  });
}

/** Trending posts through the one hydration path, in trend order; for staff with their score and review state. */
export async function presentTrendingStatuses(ctx: RouteContext, statuses: TrendingStatus[], staff: boolean): Promise<Record<string, unknown>[]> {
  const rendered = await presentStatusesById(ctx, statuses.map((s) => s.statusId), { filterContext: "public" });
  if (!staff) return rendered;
  const byId = new Map(statuses.map((s) => [s.statusId, s]));
  return rendered.map((status) => {
    const trend = byId.get(String(status.id));
    return trend ? { ...status, score: trend.score, ...reviewFields(trend) } : status;
  });
}
