import type { Filter, FilterKeyword, FilterStatus } from "@starling/proto/timelines/v1/filters";
import type { FilterResult } from "@starling/proto/statuses/v1/statuses";
import { isoOrNull } from "./values.ts";

/** Mastodon's FilterKeyword entity. */
export const presentFilterKeyword = (keyword: FilterKeyword) => ({ id: keyword.id, keyword: keyword.keyword, whole_word: keyword.wholeWord });

/** Mastodon's FilterStatus entity. */
export const presentFilterStatus = (status: FilterStatus) => ({ id: status.id, status_id: status.statusId });

// A filter's own fields: all a FilterResult shows of it.
const filterFields = (filter: Filter) => ({ id: filter.id, title: filter.title, context: filter.context, expires_at: isoOrNull(filter.expiresAt), filter_action: filter.filterAction });

/** Mastodon's v2 Filter entity, with its keywords and posts. */
export const presentFilter = (filter: Filter) => ({ ...filterFields(filter), keywords: filter.keywords.map(presentFilterKeyword), statuses: filter.statuses.map(presentFilterStatus) });

/** Mastodon's FilterResult entity (its filter without keywords and posts). */
export const presentFilterResult = (result: FilterResult) => ({ filter: result.filter ? filterFields(result.filter) : null, keyword_matches: result.keywordMatches, status_matches: result.statusMatches });

/** Mastodon's v1 Filter entity: one keyword with its filter's settings (`irreversible` is the hide action). */
export const presentLegacyFilter = (keyword: FilterKeyword, filter: Filter) => ({
  id: keyword.id,
  phrase: keyword.keyword,
  context: filter.context,
  whole_word: keyword.wholeWord,
  expires_at: isoOrNull(filter.expiresAt),
  irreversible: filter.filterAction === "hide",
});
