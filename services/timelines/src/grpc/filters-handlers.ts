import type { FiltersServiceServer, KeywordChange as KeywordChangeMessage } from "@starling/proto/timelines/v1/filters";
import type { AsyncHandlers } from "@starling/runtime";
import { filtersOf } from "../data/filters-queries.ts";
import { requireFullFilter, type FiltersDeps } from "../use-cases/filter-change.ts";
import { addFilterStatus, addKeyword, getFilterStatus, getKeyword, removePart, updateKeyword, updateLegacyFilter } from "../use-cases/filter-parts.ts";
import { createFilter, removeFilter, updateFilter, type KeywordChange } from "../use-cases/manage-filters.ts";
import { viewerAccount } from "./viewer-account.ts";

// The domain's Filter, FilterKeyword and FilterStatus have the proto messages' shapes, so they are answered as they are.
const keywordChanges = (changes: KeywordChangeMessage[]): KeywordChange[] => changes.map(({ id, keyword, wholeWord, destroy }) => ({ id, keyword, wholeWord, destroy }));

/** gRPC handlers of FiltersService: every call acts for the signed viewer's own filters. */
export function filtersHandlers(deps: FiltersDeps): AsyncHandlers<FiltersServiceServer> {
  return {
    getFilters: async (_request, ctx) => ({ filters: await filtersOf(deps.db, viewerAccount(ctx)) }),
    getFilter: async (request, ctx) => ({ filter: await requireFullFilter(deps, viewerAccount(ctx), request.id) }),
    createFilter: async (request, ctx) => ({
      filter: await createFilter(deps, viewerAccount(ctx), { title: request.title, context: request.context, filterAction: request.filterAction, expiresInSeconds: request.expiresInSeconds, keywords: keywordChanges(request.keywords) }),
    }),
    updateFilter: async (request, ctx) => ({
      filter: await updateFilter(deps, viewerAccount(ctx), request.id, { title: request.title, context: request.context?.values, filterAction: request.filterAction, expiry: request.expiry, keywords: keywordChanges(request.keywords) }),
    }),
    async deleteFilter(request, ctx) {
      await removeFilter(deps, viewerAccount(ctx), request.id);
      return {};
    },
    updateLegacyFilter: async (request, ctx) =>
      updateLegacyFilter(deps, viewerAccount(ctx), request.id, {
        phrase: request.phrase,
        wholeWord: request.wholeWord,
        context: request.context?.values,
        filterAction: request.irreversible === undefined ? undefined : request.irreversible ? "hide" : "warn",
        expiry: request.expiry,
      }),
    getFilterKeywords: async (request, ctx) => ({ keywords: (await requireFullFilter(deps, viewerAccount(ctx), request.id)).keywords }),
    addFilterKeyword: async (request, ctx) => addKeyword(deps, viewerAccount(ctx), request.filterId, request.keyword, request.wholeWord),
    getFilterKeyword: async (request, ctx) => getKeyword(deps, viewerAccount(ctx), request.id),
    updateFilterKeyword: async (request, ctx) => updateKeyword(deps, viewerAccount(ctx), request.id, { keyword: request.keyword, wholeWord: request.wholeWord }),
    async deleteFilterKeyword(request, ctx) {
      await removePart(deps, "filter_keywords", viewerAccount(ctx), request.id);
      return {};
    },
    getFilterStatuses: async (request, ctx) => ({ statuses: (await requireFullFilter(deps, viewerAccount(ctx), request.id)).statuses }),
    addFilterStatus: async (request, ctx) => ({ status: await addFilterStatus(deps, viewerAccount(ctx), request.filterId, request.statusId) }),
    getFilterStatus: async (request, ctx) => ({ status: await getFilterStatus(deps, viewerAccount(ctx), request.id) }),
    async deleteFilterStatus(request, ctx) {
      await removePart(deps, "filter_statuses", viewerAccount(ctx), request.id);
      return {};
    },
  };
}
