import type { List as ListMessage, ListsServiceServer } from "@starling/proto/timelines/v1/lists";
import { isId } from "@starling/paging";
import { unauthenticated, type AsyncHandlers, type CallContext } from "@starling/runtime";
import type { List } from "../domain/list.ts";
import { listsHolding, listsOf } from "../data/lists-queries.ts";
import { getListTimeline } from "../use-cases/get-list-timeline.ts";
import { addListMembers, getListMembers, removeListMembers } from "../use-cases/list-members.ts";
import type { ListsDeps } from "../use-cases/lists-deps.ts";
import { changeList, createList, removeList, requireOwnedList } from "../use-cases/manage-lists.ts";

const toMessage = (list: List): ListMessage => ({ id: list.id, title: list.title, repliesPolicy: list.repliesPolicy });

// Every list call acts for the signed viewer: lists are private to their owner.
function ownerOf(ctx: CallContext): string {
  const accountId = ctx.viewer?.accountId;
  if (!accountId) throw unauthenticated("This method requires an authenticated user");
  return accountId;
}

/** gRPC handlers of ListsService. */
export function listsHandlers(deps: ListsDeps): AsyncHandlers<ListsServiceServer> {
  return {
    getLists: async (_request, ctx) => ({ lists: (await listsOf(deps.db, ownerOf(ctx))).map(toMessage) }),
    getList: async (request, ctx) => ({ list: toMessage(await requireOwnedList(deps, ownerOf(ctx), request.id)) }),
    createList: async (request, ctx) => ({ list: toMessage(await createList(deps, ownerOf(ctx), { title: request.title, repliesPolicy: request.repliesPolicy })) }),
    updateList: async (request, ctx) => ({ list: toMessage(await changeList(deps, ownerOf(ctx), request.id, { title: request.title, repliesPolicy: request.repliesPolicy })) }),
    async deleteList(request, ctx) {
      await removeList(deps, ownerOf(ctx), request.id);
      return {};
    },
    async getListAccounts(request, ctx) {
      const { accountIds, cursors } = await getListMembers(deps, ownerOf(ctx), request.listId, request.page, request.all);
      return { accountIds, nextCursor: cursors.next, prevCursor: cursors.prev };
    },
    async addListAccounts(request, ctx) {
      await addListMembers(deps, ownerOf(ctx), request.listId, request.accountIds);
      return {};
    },
    async removeListAccounts(request, ctx) {
      await removeListMembers(deps, ownerOf(ctx), request.listId, request.accountIds);
      return {};
    },
    async getAccountLists(request, ctx) {
      const ownerId = ownerOf(ctx);
      return { lists: isId(request.accountId) ? (await listsHolding(deps.db, request.accountId, undefined, ownerId)).map(toMessage) : [] };
    },
    getListTimeline: async (request, ctx) => ({ statusIds: await getListTimeline(deps, ownerOf(ctx), request.listId, request.page) }),
  };
}
