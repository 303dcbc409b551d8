import { offsetCursors, parseOffsetPage, type OffsetCursors } from "@starling/paging";
import { hasScores, listHistory, listScores, type DayCount, type ScoredRow } from "../data/trend-list-queries.ts";
import { requireTaxonomyStaff } from "../domain/staff.ts";
import { isTrendable, PAGE, REVIEW_PAGE_MAX, type TrendKind } from "../domain/trend-rules.ts";
import type { Caller, TrendsDeps } from "./deps.ts";

/** A listing request: page, language, and whether it is the staff's review view. */
export interface TrendsRequest {
  limit?: number | undefined;
  offset: number;
  language?: string | undefined;
  review: boolean;
}

/** A listed item: its row, whether it may trend, whether staff still need to decide, and its history (tags, links). */
export interface ListedTrend extends ScoredRow {
  trendable: boolean;
  requiresReview: boolean;
  history: DayCount[];
}

const LANGUAGE = /^[a-z]{2,3}$/;

/**
 * A page of trends of one kind, best first, with where the pages beside it start. Everyone sees only what the reviews (or the default)
 * allow, in the asked language when it has trends, else in all languages; staff reviewing
 * (manage_taxonomies) see every scored candidate with its review state.
 */
export async function listTrends(deps: TrendsDeps, caller: Caller, kind: TrendKind, request: TrendsRequest): Promise<{ items: ListedTrend[]; page: OffsetCursors }> {
  if (request.review) requireTaxonomyStaff(caller);
  else if (!deps.settings.enabled) return { items: [], page: {} };
  const page = parseOffsetPage(request, request.review ? { ...PAGE[kind], max: REVIEW_PAGE_MAX } : PAGE[kind]);
  const asked = request.language?.toLowerCase().split(/[-_]/)[0] ?? "";
  const language = asked && LANGUAGE.test(asked) && (await hasScores(deps.db, kind, asked)) ? asked : "";
  const rows = await listScores(deps.db, { kind, language, trendableOnly: !request.review, trendableByDefault: deps.settings.trendableByDefault, ...page });
  const historyKeys = kind === "tag" ? rows.map((row) => row.label) : rows.map((row) => row.itemId);
  const history = kind === "status" || rows.length === 0 ? new Map<string, DayCount[]>() : await listHistory(deps.db, kind, historyKeys, deps.now());
  const items = rows.map((row, i) => ({
    ...row,
    trendable: isTrendable(row.decisions, deps.settings.trendableByDefault),
    requiresReview: row.decisions.every((decision) => decision === null),
    history: history.get(historyKeys[i]!) ?? [],
  }));
  return { items, page: offsetCursors(items.length, page) };
}
