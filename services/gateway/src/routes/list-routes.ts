import { z } from "zod";
import type { List } from "@starling/proto/timelines/v1/lists";
import type { Route, RouteContext } from "../http/route.ts";
import { idListParam, idParam, textParam } from "../http/params.ts";
import { presentList } from "../presenters/list.ts";
import { accountListLinks, accountListPage, accountListParams, accountsInOrder, as } from "./account-list-parts.ts";

// Mastodon 4.0's replies policies; anything else is a 422 before the timelines service is asked.
const repliesPolicy = z.enum(["followed", "list", "none"]);
const byId = z.object({ id: idParam });
const listFields = z.object({ title: textParam.optional(), replies_policy: repliesPolicy.optional() });
const listUpdate = byId.extend(listFields.shape);
const members = byId.extend(accountListParams.shape);
const memberChange = byId.extend({ account_ids: idListParam.default([]) });

const readLists = ["read", "read:lists"];
const writeLists = ["write", "write:lists"];
const one = (_ctx: RouteContext, r: { list?: List }) => presentList(r.list!);
const many = (_ctx: RouteContext, r: { lists: List[] }) => r.lists.map(presentList);

/** A PUT or PATCH of a list's title and replies policy. */
const updateRoute = (method: "put" | "patch"): Route => ({
  method,
  path: "/api/v1/lists/:id",
  auth: "user",
  scopes: writeLists,
  input: listUpdate,
  call: (ctx, input: z.infer<typeof listUpdate>) => ctx.clients.lists.updateList({ id: input.id, title: input.title, repliesPolicy: input.replies_policy }, as(ctx)),
  present: one,
});

/** A POST or DELETE of list members by `account_ids[]`, answered `{}`. */
const memberRoute = (method: "post" | "delete"): Route => ({
  method,
  path: "/api/v1/lists/:id/accounts",
  auth: "user",
  scopes: writeLists,
  input: memberChange,
  call: (ctx, input: z.infer<typeof memberChange>) => {
    const request = { listId: input.id, accountIds: input.account_ids };
    return method === "post" ? ctx.clients.lists.addListAccounts(request, as(ctx)) : ctx.clients.lists.removeListAccounts(request, as(ctx));
  },
  present: () => ({}),
});

/** Lists and their members (reference §1.10) and the lists holding an account. */
export const listRoutes: Route[] = [
  { method: "get", path: "/api/v1/lists", auth: "user", scopes: readLists, input: z.object({}), call: (ctx) => ctx.clients.lists.getLists({}, as(ctx)), present: many },
  {
    method: "post",
    path: "/api/v1/lists",
    auth: "user",
    scopes: writeLists,
    input: listFields,
    call: (ctx, input: z.infer<typeof listFields>) => ctx.clients.lists.createList({ title: input.title ?? "", repliesPolicy: input.replies_policy }, as(ctx)),
    present: one,
  },
  { method: "get", path: "/api/v1/lists/:id", auth: "user", scopes: readLists, input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.lists.getList({ id: input.id }, as(ctx)), present: one },
  updateRoute("put"),
  updateRoute("patch"),
  {
    method: "delete",
    path: "/api/v1/lists/:id",
    auth: "user",
    scopes: writeLists,
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.lists.deleteList({ id: input.id }, as(ctx)),
    present: () => ({}),
  },
  {
    method: "get",
    path: "/api/v1/lists/:id/accounts",
    auth: "user",
    scopes: readLists,
    input: members,
    // limit=0 asks for every member, with no Link header (Mastodon's unlimited?).
    call: (ctx, input: z.infer<typeof members>) => ctx.clients.lists.getListAccounts({ listId: input.id, page: accountListPage(input), all: input.limit === 0 }, as(ctx)),
    present: accountsInOrder,
    links: accountListLinks,
  },
  memberRoute("post"),
  memberRoute("delete"),
  {
    method: "get",
    path: "/api/v1/accounts/:id/lists",
    auth: "user",
    scopes: readLists,
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.lists.getAccountLists({ accountId: input.id }, as(ctx)),
    present: many,
  },
];
