import type { DirectoryServiceServer } from "@starling/proto/trends/v1/directory";
import type { SearchServiceServer } from "@starling/proto/trends/v1/search";
import type { SuggestionsServiceServer } from "@starling/proto/trends/v1/suggestions";
import type { AsyncHandlers } from "@starling/runtime";
import { listDirectory } from "../use-cases/list-directory.ts";
import type { SearchIndexDeps } from "../use-cases/search-index-deps.ts";
import { searchStatuses, searchTags } from "../use-cases/search-statuses.ts";
import { listStaffPicks, pickAccount, unpickAccount } from "../use-cases/staff-picks.ts";
import { dismissSuggestion, suggestAccounts } from "../use-cases/suggest-accounts.ts";
import { callerOf } from "./caller-of.ts";

/** SearchService: decode → use case → encode. */
export function searchHandlers(deps: SearchIndexDeps): AsyncHandlers<SearchServiceServer> {
  return {
    searchStatuses: async (request, ctx) => ({ statusIds: await searchStatuses(deps, callerOf(ctx), request) }),
    searchTags: async (request) => ({ names: await searchTags(deps, request) }),
  };
}

/** DirectoryService. */
export function directoryHandlers(deps: SearchIndexDeps): AsyncHandlers<DirectoryServiceServer> {
  return {
    listDirectory: async (request) => ({ accountIds: await listDirectory(deps, request) }),
  };
}

/** SuggestionsService. */
export function suggestionsHandlers(deps: SearchIndexDeps): AsyncHandlers<SuggestionsServiceServer> {
  return {
    listSuggestions: async (request, ctx) => ({ suggestions: await suggestAccounts(deps, callerOf(ctx), request.limit) }),
    dismissSuggestion: async (request, ctx) => {
      await dismissSuggestion(deps, callerOf(ctx), request.accountId);
      return {};
    },
    listStaffPicks: async (_request, ctx) => ({ accountIds: await listStaffPicks(deps, callerOf(ctx)) }),
    addStaffPick: async (request, ctx) => ({ accountIds: await pickAccount(deps, callerOf(ctx), request.accountId) }),
    removeStaffPick: async (request, ctx) => ({ accountIds: await unpickAccount(deps, callerOf(ctx), request.accountId) }),
  };
}
