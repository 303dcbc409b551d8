/** Creating, changing and deleting filters with their keywords (Mastodon's Api::V2::FiltersController). */
import type { Transaction } from "@starling/db";
import { notFound } from "@starling/runtime";
import { expiryAfter, validAction, validContexts, validKeyword, validTitle, type Filter, type FilterFields, type FilterKeyword } from "../domain/filter.ts";
import { deleteFilter, deleteParts, saveFilter, saveKeyword } from "../data/filters-queries.ts";
import { changeFilters, requireFullFilter, requireOwnedFilter, type FiltersDeps } from "./filter-change.ts";

/** One entry of `keywords_attributes`: no id adds a keyword, an id edits it, or deletes it with `destroy`. */
export interface KeywordChange {
  id?: string | undefined;
  keyword?: string | undefined;
  wholeWord?: boolean | undefined;
  destroy: boolean;
}

export interface NewFilter {
  title: string;
  context: string[];
  filterAction?: string | undefined;
  expiresInSeconds?: number | undefined;
  keywords: KeywordChange[];
}

/** Absent fields keep their value; `expiry` present with no seconds clears the expiry. */
export interface FilterUpdate {
  title?: string | undefined;
  context?: string[] | undefined;
  filterAction?: string | undefined;
  expiry?: { seconds?: number | undefined } | undefined;
  keywords: KeywordChange[];
}

/** Creates a filter with its keywords, as one change. */
export async function createFilter(deps: FiltersDeps, ownerId: string, input: NewFilter): Promise<Filter> {
  const fields: FilterFields = { id: deps.newId(), title: validTitle(input.title), context: validContexts(input.context), filterAction: validAction(input.filterAction), expiresAt: expiryAfter(input.expiresInSeconds, deps.now()) };
  return changeFilters(deps, ownerId, async (trx) => {
    await saveFilter(deps.db, trx, ownerId, fields);
    await applyKeywordChanges(deps, trx, fields.id, [], input.keywords);
    return requireFullFilter(deps, ownerId, fields.id, trx);
  });
}

/** Changes a filter and its keywords, as one change. */
export async function updateFilter(deps: FiltersDeps, ownerId: string, filterId: string, input: FilterUpdate): Promise<Filter> {
  return changeFilters(deps, ownerId, async (trx) => {
    const current = await requireFullFilter(deps, ownerId, filterId, trx);
    await saveFilter(deps.db, trx, ownerId, changedFields(deps, current, input));
    await applyKeywordChanges(deps, trx, filterId, current.keywords, input.keywords);
    return requireFullFilter(deps, ownerId, filterId, trx);
  });
}

/** Deletes a filter with its keywords and posts. */
export async function removeFilter(deps: FiltersDeps, ownerId: string, filterId: string): Promise<void> {
  await changeFilters(deps, ownerId, async (trx) => {
    await requireOwnedFilter(deps, ownerId, filterId, trx);
    await deleteFilter(deps.db, trx, filterId);
  });
}

/** A filter's fields after `input`. */
export function changedFields(deps: FiltersDeps, current: FilterFields, input: Omit<FilterUpdate, "keywords">): FilterFields {
  return {
    id: current.id,
    title: input.title === undefined ? current.title : validTitle(input.title),
    context: input.context === undefined ? current.context : validContexts(input.context),
    filterAction: input.filterAction === undefined ? current.filterAction : validAction(input.filterAction),
    expiresAt: input.expiry === undefined ? current.expiresAt : expiryAfter(input.expiry.seconds, deps.now()),
  };
}

// Keywords named by id must be the filter's own (Rails' nested attributes answer others with 404).
// An absent whole_word is true: Mastodon 4.0's column default.
async function applyKeywordChanges(deps: FiltersDeps, trx: Transaction, filterId: string, existing: FilterKeyword[], changes: KeywordChange[]): Promise<void> {
  const destroyed: string[] = [];
  for (const change of changes) {
    if (change.id === undefined) {
      if (!change.destroy) await saveKeyword(deps.db, trx, filterId, { id: deps.newId(), keyword: validKeyword(change.keyword), wholeWord: change.wholeWord ?? true });
      continue;
    }
    const old = existing.find((k) => k.id === change.id);
    if (!old) throw notFound();
    if (change.destroy) destroyed.push(old.id);
    else await saveKeyword(deps.db, trx, filterId, editedKeyword(old, change));
  }
  await deleteParts(deps.db, trx, "filter_keywords", filterId, destroyed);
}

/** A keyword after an edit; absent fields keep their value. */
export function editedKeyword(old: FilterKeyword, change: { keyword?: string | undefined; wholeWord?: boolean | undefined }): FilterKeyword {
  return { id: old.id, keyword: change.keyword === undefined ? old.keyword : validKeyword(change.keyword), wholeWord: change.wholeWord ?? old.wholeWord };
}
