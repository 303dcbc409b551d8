/**
 * A viewer's filters compiled for matching, as Mastodon 4.0's CustomFilter.apply_cached_filters
 * matches them: one case-insensitive regular expression per filter for all its keywords, a
 * whole-word keyword bounded by word boundaries on each side that begins or ends with a word
 * character (Unicode letters, marks, digits and connectors, so "cat" does not match "Scatter" nor
 * "catégorie"), and the ids of the posts it names. Compiled once per change of the viewer's
 * filters; matching a status costs one regular expression test per active filter.
 */

/** A filter as the timelines service publishes it (its keywords and posts included). */
export interface FilterDefinition {
  id: string;
  title: string;
  context: string[];
  filterAction: string;
  expiresAt?: Date | undefined;
  keywords: { keyword: string; wholeWord: boolean }[];
  statuses: { statusId: string }[];
}

/** A filter without its keywords and posts: what a FilterResult shows. */
export type FilterSummary = Omit<FilterDefinition, "keywords" | "statuses">;

export interface CompiledFilter {
  filter: FilterSummary;
  keywords?: RegExp;
  statusIds: ReadonlySet<string>;
}

/** A filter a status matched: the text its keywords matched first, the filtered posts it is. */
export interface FilterMatch {
  filter: FilterSummary;
  keywordMatches: string[];
  statusMatches: string[];
}

/** What a status offers to filters: its searchable text and its own and reblogged ids. */
export interface FilterTarget {
  text: string;
  statusIds: string[];
}

const WORD = "[\\p{L}\\p{M}\\p{N}\\p{Pc}]";
const startsWithWord = new RegExp(`^${WORD}`, "u");
const endsWithWord = new RegExp(`${WORD}$`, "u");

// Only syntax characters may be escaped in a Unicode-mode pattern.
const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

/** The pattern of one keyword. */
export function keywordPattern(keyword: string, wholeWord: boolean): string {
  const escaped = escapeRegExp(keyword);
  if (!wholeWord) return escaped;
  const before = startsWithWord.test(keyword) ? `(?<!${WORD})` : "";
  const after = endsWithWord.test(keyword) ? `(?!${WORD})` : "";
  return `${before}${escaped}${after}`;
}

/** Compiles a viewer's filters. */
export function compileFilters(filters: readonly FilterDefinition[]): CompiledFilter[] {
  return filters.map(({ keywords, statuses, ...filter }) => ({
    filter,
    ...(keywords.length > 0 ? { keywords: new RegExp(keywords.map((k) => keywordPattern(k.keyword, k.wholeWord)).join("|"), "iu") } : {}),
    statusIds: new Set(statuses.map((s) => s.statusId)),
  }));
}

/**
 * The filters `target` matches that are active at `now` and, when `context` is given, apply in it.
 */
export function matchFilters(compiled: readonly CompiledFilter[], target: FilterTarget, now: Date, context?: string): FilterMatch[] {
  return compiled.flatMap(({ filter, keywords, statusIds }): FilterMatch[] => {
    if (filter.expiresAt && filter.expiresAt <= now) return [];
    if (context !== undefined && !filter.context.includes(context)) return [];
    const keywordMatch = keywords?.exec(target.text)?.[0];
    const statusMatches = target.statusIds.filter((id) => statusIds.has(id));
    if (keywordMatch === undefined && statusMatches.length === 0) return [];
    return [{ filter, keywordMatches: keywordMatch === undefined ? [] : [keywordMatch], statusMatches }];
  });
}

/** Whether any active filter applies at all (a viewer without one skips the text extraction). */
export const anyActive = (compiled: readonly CompiledFilter[], now: Date) => compiled.some(({ filter }) => !filter.expiresAt || filter.expiresAt > now);
