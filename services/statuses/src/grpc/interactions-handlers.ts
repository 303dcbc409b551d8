import type { AsyncHandlers } from "@starling/runtime";
import type { StatusInteractionsServiceServer } from "@starling/proto/statuses/v1/interactions";
import type { Status } from "../domain/status.ts";
import type { Caller, StatusesDeps } from "../use-cases/dependencies.ts";
import { bookmarkStatus, unbookmarkStatus } from "../use-cases/bookmark-status.ts";
import { favouriteStatus, unfavouriteStatus } from "../use-cases/favourite-status.ts";
import { listAccountStatuses } from "../use-cases/list-account-statuses.ts";
import { listFavouritedBy, listMarkedStatuses, listRebloggedBy, type RecordListPage } from "../use-cases/list-interactions.ts";
import { muteConversation, unmuteConversation } from "../use-cases/mute-conversation.ts";
import { listPinnedStatuses, pinStatus, unpinStatus } from "../use-cases/pin-status.ts";
import { reblogStatus, unreblogStatus } from "../use-cases/reblog-status.ts";
import { callerOf } from "./caller-of.ts";
import { statusForViewer } from "./status-view-to-proto.ts";
import { statusPageFor } from "./status-page-to-proto.ts";

type Action = (deps: StatusesDeps, caller: Caller, id: string) => Promise<Status>;

/** A handler for one status action: decode the id, run it, answer with the status as the caller sees it. */
const action =
  (deps: StatusesDeps, run: Action) =>
  async (request: { statusId: string }, ctx: Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(ctx);
    return { status: await statusForViewer(deps, caller, await run(deps, caller, request.statusId)) };
  };

const accountPage = (page: RecordListPage<string>) => ({ accountIds: page.items, nextCursor: page.next, prevCursor: page.prev });

/** StatusInteractionsService: decode → use case → encode. */
export function interactionsHandlers(deps: StatusesDeps): AsyncHandlers<StatusInteractionsServiceServer> {
  return {
    async reblogStatus(request, ctx) {
      const caller = callerOf(ctx);
      const { reblog } = await reblogStatus(deps, caller, request.statusId, request.visibility);
      // Read back with its original, as counted after this reblog, and the caller's fields.
      return { status: await statusForViewer(deps, caller, reblog) };
    },
    unreblogStatus: action(deps, unreblogStatus),
    favouriteStatus: action(deps, favouriteStatus),
    unfavouriteStatus: action(deps, unfavouriteStatus),
    bookmarkStatus: action(deps, bookmarkStatus),
    unbookmarkStatus: action(deps, unbookmarkStatus),
    pinStatus: action(deps, pinStatus),
    unpinStatus: action(deps, unpinStatus),
    muteConversation: action(deps, muteConversation),
    unmuteConversation: action(deps, unmuteConversation),
    async listFavourites(request, ctx) {
      const caller = callerOf(ctx);
      const page = await listMarkedStatuses(deps, caller, "favourites", request.page);
      return { page: await statusPageFor(deps, caller, page.items), nextCursor: page.next, prevCursor: page.prev };
    },
    async listBookmarks(request, ctx) {
      const caller = callerOf(ctx);
      const page = await listMarkedStatuses(deps, caller, "bookmarks", request.page);
      return { page: await statusPageFor(deps, caller, page.items), nextCursor: page.next, prevCursor: page.prev };
    },
    async listFavouritedBy(request, ctx) {
      return accountPage(await listFavouritedBy(deps, callerOf(ctx), request.statusId, request.page));
    },
    async listRebloggedBy(request, ctx) {
      return accountPage(await listRebloggedBy(deps, callerOf(ctx), request.statusId, request.page));
    },
    async listAccountStatuses(request, ctx) {
      const caller = callerOf(ctx);
      const page = await listAccountStatuses(deps, caller, request);
      // A profile's statuses are shown in the viewer's `account` filter context.
      return { page: await statusPageFor(deps, caller, page.items, "account"), nextCursor: page.next, prevCursor: page.prev };
    },
    async listPinnedStatuses(request, ctx) {
      const caller = callerOf(ctx);
      return { page: await statusPageFor(deps, caller, await listPinnedStatuses(deps, caller, request.accountId), "account") };
    },
  };
}
