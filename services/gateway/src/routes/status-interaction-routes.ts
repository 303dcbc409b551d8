import { z } from "zod";
import type { Status } from "@starling/proto/statuses/v1/statuses";
import type { AccountRecordPage, StatusRecordPage } from "@starling/proto/statuses/v1/interactions";
import type { PageLinks, Route, RouteContext } from "../http/route.ts";
import { boolParam, choiceParam, idParam, pageParams, pageRequest } from "../http/params.ts";
import { presentStatus, presentStatusPage } from "../presenters/status.ts";
import { accountListLinks, accountListPage, accountsInOrder, as } from "./account-list-parts.ts";

const byId = z.object({ id: idParam });
const reblog = z.object({ id: idParam, visibility: choiceParam });
const statusList = z.object(pageParams(20));
const accountList = z.object({ id: idParam, ...pageParams(40) });
const accountStatuses = z.object({
  id: idParam,
  ...pageParams(20),
  pinned: boolParam.default(false),
  exclude_replies: boolParam.default(false),
  exclude_reblogs: boolParam.default(false),
  only_media: boolParam.default(false),
  tagged: choiceParam.pipe(z.string().max(256).optional()),
});
type AccountStatuses = z.infer<typeof accountStatuses>;

type ById = z.infer<typeof byId>;
type StatusList = z.infer<typeof statusList>;
type AccountList = z.infer<typeof accountList>;

/** A POST on one status (`:id`) that answers with the Status the service returns. */
const statusAction = (action: string, scopes: string[], call: (ctx: RouteContext, id: string) => Promise<{ status?: Status }>): Route => ({
  method: "post",
  path: `/api/v1/statuses/:id/${action}`,
  auth: "user",
  scopes,
  input: byId,
  call: async (ctx, input: ById) => (await call(ctx, input.id)).status!,
  present: (ctx, status: Status) => presentStatus(ctx, status),
});

const statusPageLinks = (page: StatusRecordPage): PageLinks => ({ next: page.nextCursor, prev: page.prevCursor, prevParam: "min_id" });

/** The viewer's favourites or bookmarks: statuses paged by record ids, linked with min_id. */
const markedStatuses = (path: string, scopes: string[], list: (ctx: RouteContext, input: StatusList) => Promise<StatusRecordPage>): Route => ({
  method: "get",
  path,
  auth: "user",
  scopes,
  input: statusList,
  call: list,
  present: (ctx, page: StatusRecordPage) => presentStatusPage(ctx, page.page),
  links: statusPageLinks,
});

/** Who favourited or reblogged a status: accounts paged by record ids, linked with since_id. */
const statusAccounts = (action: string, list: (ctx: RouteContext, input: AccountList) => Promise<AccountRecordPage>): Route => ({
  method: "get",
  path: `/api/v1/statuses/:id/${action}`,
  auth: "optional",
  scopes: ["read", "read:accounts"],
  input: accountList,
  call: list,
  present: accountsInOrder,
  links: accountListLinks,
});

const writeStatuses = ["write", "write:statuses"];
const writeFavourites = ["write", "write:favourites"];
const writeBookmarks = ["write", "write:bookmarks"];

/** Reblogs, favourites, bookmarks, pins and conversation mutes (reference §1.5, §1.14). */
export const statusInteractionRoutes: Route[] = [
  {
    method: "post",
    path: "/api/v1/statuses/:id/reblog",
    auth: "user",
    scopes: writeStatuses,
    input: reblog,
    call: async (ctx, input: z.infer<typeof reblog>) => (await ctx.clients.interactions.reblogStatus({ statusId: input.id, visibility: input.visibility }, as(ctx))).status!,
    present: (ctx, status: Status) => presentStatus(ctx, status),
  },
  statusAction("unreblog", writeStatuses, (ctx, id) => ctx.clients.interactions.unreblogStatus({ statusId: id }, as(ctx))),
  statusAction("favourite", writeFavourites, (ctx, id) => ctx.clients.interactions.favouriteStatus({ statusId: id }, as(ctx))),
  statusAction("unfavourite", writeFavourites, (ctx, id) => ctx.clients.interactions.unfavouriteStatus({ statusId: id }, as(ctx))),
  statusAction("bookmark", writeBookmarks, (ctx, id) => ctx.clients.interactions.bookmarkStatus({ statusId: id }, as(ctx))),
  statusAction("unbookmark", writeBookmarks, (ctx, id) => ctx.clients.interactions.unbookmarkStatus({ statusId: id }, as(ctx))),
  statusAction("pin", ["write", "write:accounts"], (ctx, id) => ctx.clients.interactions.pinStatus({ statusId: id }, as(ctx))),
  statusAction("unpin", ["write", "write:accounts"], (ctx, id) => ctx.clients.interactions.unpinStatus({ statusId: id }, as(ctx))),
  statusAction("mute", ["write", "write:mutes"], (ctx, id) => ctx.clients.interactions.muteConversation({ statusId: id }, as(ctx))),
  statusAction("unmute", ["write", "write:mutes"], (ctx, id) => ctx.clients.interactions.unmuteConversation({ statusId: id }, as(ctx))),
  markedStatuses("/api/v1/favourites", ["read", "read:favourites"], (ctx, input) => ctx.clients.interactions.listFavourites({ page: pageRequest(input) }, as(ctx))),
  markedStatuses("/api/v1/bookmarks", ["read", "read:bookmarks"], (ctx, input) => ctx.clients.interactions.listBookmarks({ page: pageRequest(input) }, as(ctx))),
  statusAccounts("favourited_by", (ctx, input) => ctx.clients.interactions.listFavouritedBy({ statusId: input.id, page: accountListPage(input) }, as(ctx))),
  statusAccounts("reblogged_by", (ctx, input) => ctx.clients.interactions.listRebloggedBy({ statusId: input.id, page: accountListPage(input) }, as(ctx))),
  {
    // The pinned listing is one page with no Link header, as Mastodon's.
    method: "get",
    path: "/api/v1/accounts/:id/statuses",
    auth: "optional",
    scopes: ["read", "read:statuses"],
    input: accountStatuses,
    call: async (ctx, input: AccountStatuses): Promise<StatusRecordPage> => {
      if (input.pinned) return { page: (await ctx.clients.interactions.listPinnedStatuses({ accountId: input.id }, as(ctx))).page };
      const request = { accountId: input.id, page: pageRequest(input), excludeReplies: input.exclude_replies, excludeReblogs: input.exclude_reblogs, onlyMedia: input.only_media, tagged: input.tagged };
      return ctx.clients.interactions.listAccountStatuses(request, as(ctx));
    },
    present: (ctx, page: StatusRecordPage) => presentStatusPage(ctx, page.page),
    links: statusPageLinks,
  },
];
