/**
 * A filter's keywords and posts one at a time (Mastodon's Api::V2::Filters::KeywordsController and
 * StatusesController), and the v1 API's update of a keyword with its filter. Each write is one
 * filter change (see filter-change.ts).
 */
import type { Transaction } from "@starling/db";
import { isId } from "@starling/paging";
import { invalidArgument, notFound } from "@starling/runtime";
import { validKeyword, type Filter, type FilterKeyword, type FilterStatus } from "../domain/filter.ts";
import { deleteParts, insertFilterStatus, ownerFilterOf, saveFilter, saveKeyword } from "../data/filters-queries.ts";
import { changeFilters, requireFullFilter, type FiltersDeps } from "./filter-change.ts";
import { changedFields, editedKeyword, type FilterUpdate } from "./manage-filters.ts";

type Part = "filter_keywords" | "filter_statuses";

/** A keyword and the filter it belongs to. */
export interface KeywordOfFilter {
  keyword: FilterKeyword;
  filter: Filter;
}

/** The filter holding the owner's keyword or post `partId`, or NOT_FOUND. */
async function filterHolding(deps: FiltersDeps, part: Part, ownerId: string, partId: string, trx?: Transaction): Promise<Filter> {
  const filterId = isId(partId) ? await ownerFilterOf(deps.db, part, ownerId, partId, trx) : undefined;
  if (!filterId) throw notFound();
  return requireFullFilter(deps, ownerId, filterId, trx);
}

const keywordIn = (filter: Filter, id: string): KeywordOfFilter => ({ keyword: filter.keywords.find((k) => k.id === id)!, filter });

/** One of the owner's keywords with its filter. */
export async function getKeyword(deps: FiltersDeps, ownerId: string, keywordId: string): Promise<KeywordOfFilter> {
  return keywordIn(await filterHolding(deps, "filter_keywords", ownerId, keywordId), keywordId);
}

/** Adds a keyword to the owner's filter. */
export async function addKeyword(deps: FiltersDeps, ownerId: string, filterId: string, keyword: string, wholeWord: boolean | undefined): Promise<KeywordOfFilter> {
  return changeFilters(deps, ownerId, async (trx) => {
    await requireFullFilter(deps, ownerId, filterId, trx);
    const id = deps.newId();
    await saveKeyword(deps.db, trx, filterId, { id, keyword: validKeyword(keyword), wholeWord: wholeWord ?? true });
    return keywordIn(await requireFullFilter(deps, ownerId, filterId, trx), id);
  });
}

/** Edits one of the owner's keywords. */
export async function updateKeyword(deps: FiltersDeps, ownerId: string, keywordId: string, change: { keyword?: string | undefined; wholeWord?: boolean | undefined }): Promise<KeywordOfFilter> {
  return changeFilters(deps, ownerId, async (trx) => {
    const { keyword, filter } = keywordIn(await filterHolding(deps, "filter_keywords", ownerId, keywordId, trx), keywordId);
    await saveKeyword(deps.db, trx, filter.id, editedKeyword(keyword, change));
    return keywordIn(await requireFullFilter(deps, ownerId, filter.id, trx), keywordId);
  });
}

/**
 * The v1 API's update: the keyword (phrase, whole_word) and its filter's fields (context,
 * irreversible as the action, expiry), refused when the filter's fields would change while it has
 * other keywords, as Mastodon 4.0 refuses it.
 */
export async function updateLegacyFilter(deps: FiltersDeps, ownerId: string, keywordId: string, change: { phrase?: string | undefined; wholeWord?: boolean | undefined } & Omit<FilterUpdate, "keywords" | "title">): Promise<KeywordOfFilter> {
  return changeFilters(deps, ownerId, async (trx) => {
    const { keyword, filter } = keywordIn(await filterHolding(deps, "filter_keywords", ownerId, keywordId, trx), keywordId);
    await saveKeyword(deps.db, trx, filter.id, editedKeyword(keyword, { keyword: change.phrase, wholeWord: change.wholeWord }));
    const fields = changedFields(deps, filter, change);
    const changed = fields.filterAction !== filter.filterAction || fields.context.join() !== filter.context.join() || change.expiry !== undefined;
    if (changed && filter.keywords.length > 1) throw invalidArgument("You can't change the settings of a filter with more than one keyword through the v1 API; use the v2 API");
    if (changed) await saveFilter(deps.db, trx, ownerId, fields);
    return keywordIn(await requireFullFilter(deps, ownerId, filter.id, trx), keywordId);
  });
}

/** Deletes one of the owner's keywords or posts. */
export async function removePart(deps: FiltersDeps, part: Part, ownerId: string, partId: string): Promise<void> {
  await changeFilters(deps, ownerId, async (trx) => {
    const filter = await filterHolding(deps, part, ownerId, partId, trx);
    await deleteParts(deps.db, trx, part, filter.id, [partId]);
  });
}

/** One of the owner's filtered posts. */
export async function getFilterStatus(deps: FiltersDeps, ownerId: string, id: string): Promise<FilterStatus> {
  return (await filterHolding(deps, "filter_statuses", ownerId, id)).statuses.find((s) => s.id === id)!;
}

/** Adds a post to the owner's filter; a post the filter has already is refused, as Mastodon's uniqueness check does. */
export async function addFilterStatus(deps: FiltersDeps, ownerId: string, filterId: string, statusId: string): Promise<FilterStatus> {
  if (!isId(statusId)) throw invalidArgument("Validation failed: Status can't be blank");
  return changeFilters(deps, ownerId, async (trx) => {
    await requireFullFilter(deps, ownerId, filterId, trx);
    const status = { id: deps.newId(), statusId };
    if (!(await insertFilterStatus(deps.db, trx, filterId, status))) throw invalidArgument("Validation failed: Status has already been taken");
    return status;
  });
}
