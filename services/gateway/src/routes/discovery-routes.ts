import { z } from "zod";
import type { Suggestion } from "@starling/proto/trends/v1/suggestions";
import { boolParam, idParam, int32Param } from "../http/params.ts";
import type { Route, RouteContext } from "../http/route.ts";
import { accountsInOrder, as } from "./account-list-parts.ts";
import { staffAccess } from "./admin-crud-routes.ts";

const directory = z.object({
  order: z.enum(["active", "new"]).optional(),
  local: boolParam.optional(),
  limit: int32Param.optional(),
  offset: int32Param.min(0).optional(),
});
const suggestionList = z.object({ limit: int32Param.optional() });
const byAccount = z.object({ account_id: idParam });
const noInput = z.object({});
// Staff picks are chosen by staff who may manage hashtags and trends (Mastodon's manage_taxonomies).
const adminRead = staffAccess("manage_taxonomies", "read");
const adminWrite = staffAccess("manage_taxonomies", "write");

const listSuggestions = (ctx: RouteContext, input: z.infer<typeof suggestionList>) => ctx.clients.suggestions.listSuggestions({ limit: input.limit }, as(ctx));
const presentStaffPicks = (ctx: RouteContext, r: { accountIds: string[] }) => accountsInOrder(ctx, r);

/** The profile directory and follow suggestions (reference §1.14, §1.20), answered by the trends service. */
export const discoveryRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/directory",
    // Public in Mastodon: no token needed.
    auth: "optional",
    scopes: ["read", "read:accounts"],
    input: directory,
    call: (ctx, input: z.infer<typeof directory>) =>
      ctx.clients.directory.listDirectory({ order: input.order, local: input.local ?? false, limit: input.limit, offset: input.offset ?? 0 }, as(ctx)),
    present: (ctx, r: { accountIds: string[] }) => accountsInOrder(ctx, r),
  },
  {
    method: "get",
    path: "/api/v2/suggestions",
    auth: "user",
    scopes: ["read"],
    input: suggestionList,
    call: listSuggestions,
    present: async (ctx, r: { suggestions: Suggestion[] }) => {
      const accounts = await accountsInOrder(ctx, { accountIds: r.suggestions.map((s) => s.accountId) });
      const byId = new Map(accounts.map((a) => [a.id as string, a]));
      return r.suggestions.flatMap((s) => (byId.has(s.accountId) ? [{ source: s.source, account: byId.get(s.accountId) }] : []));
    },
  },
  {
    method: "get",
    path: "/api/v1/suggestions",
    auth: "user",
    scopes: ["read"],
    input: suggestionList,
    call: listSuggestions,
    present: (ctx, r: { suggestions: Suggestion[] }) => accountsInOrder(ctx, { accountIds: r.suggestions.map((s) => s.accountId) }),
  },
  {
    method: "delete",
    path: "/api/v1/suggestions/:account_id",
    auth: "user",
    scopes: ["read"],
    input: byAccount,
    call: (ctx, input: z.infer<typeof byAccount>) => ctx.clients.suggestions.dismissSuggestion({ accountId: input.account_id }, as(ctx)),
    present: () => ({}),
  },
  // Beyond Mastodon: staff choose the accounts every newcomer is suggested (see the trends README).
  { method: "get", path: "/api/v1/admin/suggestions", ...adminRead, input: noInput, call: (ctx) => ctx.clients.suggestions.listStaffPicks({}, as(ctx)), present: presentStaffPicks },
  {
    method: "post",
    path: "/api/v1/admin/suggestions/:account_id",
    ...adminWrite,
    input: byAccount,
    call: (ctx, input: z.infer<typeof byAccount>) => ctx.clients.suggestions.addStaffPick({ accountId: input.account_id }, as(ctx)),
    present: presentStaffPicks,
  },
  {
    method: "delete",
    path: "/api/v1/admin/suggestions/:account_id",
    ...adminWrite,
    input: byAccount,
    call: (ctx, input: z.infer<typeof byAccount>) => ctx.clients.suggestions.removeStaffPick({ accountId: input.account_id }, as(ctx)),
    present: presentStaffPicks,
  },
];
