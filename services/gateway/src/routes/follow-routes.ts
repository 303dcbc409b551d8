import { z } from "zod";
import type { FollowGraphPage } from "@starling/proto/accounts/v1/follows";
import type { Route, RouteContext } from "../http/route.ts";
import { idParam, pageParams, textParam } from "../http/params.ts";
import { hydrateAccounts, presentAccount, presentAccounts } from "../presenters/account.ts";
import { presentRelationship } from "../presenters/relationship.ts";
import { accountListLinks, accountListPage, accountListParams, as, relationshipAction, type AccountListParams } from "./account-list-parts.ts";

const ofAccount = z.object({ id: idParam, ...pageParams(40) });
const familiar = z.object({ id: z.union([idParam, z.array(idParam)]).optional() });
const note = z.object({ id: idParam, comment: textParam.optional() });

const accountsOf = (ctx: RouteContext, r: FollowGraphPage) => presentAccounts(ctx, r.accounts);

const writeFollows = ["follow", "write", "write:follows"];
const writeAccounts = ["write", "write:accounts"];

/** The follow graph: followers, following, familiar followers, requests, endorsements, notes (reference §1.4, §1.14). */
export const followRoutes: Route[] = [
  ...(["followers", "following"] as const).map(
    (direction): Route => ({
      method: "get",
      path: `/api/v1/accounts/:id/${direction}`,
      auth: "optional",
      scopes: ["read", "read:accounts"],
      input: ofAccount,
      call: async (ctx, input: z.infer<typeof ofAccount>) => {
        const request = { accountId: input.id, page: accountListPage(input) };
        return direction === "followers" ? ctx.clients.follows.listFollowers(request, as(ctx)) : ctx.clients.follows.listFollowing(request, as(ctx));
      },
      present: accountsOf,
      links: accountListLinks,
    }),
  ),
  {
    method: "get",
    path: "/api/v1/accounts/familiar_followers",
    auth: "user",
    scopes: ["read", "read:follows"],
    input: familiar,
    call: (ctx, input: z.infer<typeof familiar>) => ctx.clients.follows.getFamiliarFollowers({ accountIds: [input.id ?? []].flat() }, as(ctx)),
    present: async (ctx, r: { familiarFollowers: { accountId: string; accounts: FollowGraphPage["accounts"] }[] }) => {
      const { moved, emojis } = await hydrateAccounts(ctx, r.familiarFollowers.flatMap((f) => f.accounts));
      return r.familiarFollowers.map((f) => ({ id: f.accountId, accounts: f.accounts.map((a) => presentAccount(a, ctx.baseUrl, moved, emojis)) }));
    },
  },
  relationshipAction("/api/v1/accounts/:id/remove_from_followers", writeFollows, (ctx, id) => ctx.clients.follows.removeFromFollowers({ targetAccountId: id }, as(ctx))),
  {
    method: "get",
    path: "/api/v1/follow_requests",
    auth: "user",
    scopes: ["follow", "read", "read:follows"],
    input: accountListParams,
    call: async (ctx, input: AccountListParams) => ctx.clients.follows.listFollowRequests({ page: accountListPage(input) }, as(ctx)),
    present: accountsOf,
    links: accountListLinks,
  },
  // Mastodon's :id here is the requesting account's id.
  relationshipAction("/api/v1/follow_requests/:id/authorize", writeFollows, (ctx, id) => ctx.clients.follows.authorizeFollowRequest({ accountId: id }, as(ctx))),
  relationshipAction("/api/v1/follow_requests/:id/reject", writeFollows, (ctx, id) => ctx.clients.follows.rejectFollowRequest({ accountId: id }, as(ctx))),
  relationshipAction("/api/v1/accounts/:id/pin", writeAccounts, (ctx, id) => ctx.clients.follows.endorseAccount({ targetAccountId: id }, as(ctx))),
  relationshipAction("/api/v1/accounts/:id/unpin", writeAccounts, (ctx, id) => ctx.clients.follows.unendorseAccount({ targetAccountId: id }, as(ctx))),
  {
    method: "get",
    path: "/api/v1/endorsements",
    auth: "user",
    scopes: ["read", "read:accounts"],
    input: accountListParams,
    // limit=0 means every endorsement, without a Link header.
    call: (ctx, input: AccountListParams) => ctx.clients.follows.listEndorsements({ page: accountListPage(input), all: input.limit === 0 }, as(ctx)),
    present: accountsOf,
    links: accountListLinks,
  },
  {
    method: "post",
    path: "/api/v1/accounts/:id/note",
    auth: "user",
    scopes: writeAccounts,
    input: note,
    // A missing or blank comment deletes the note.
    call: (ctx, input: z.infer<typeof note>) => ctx.clients.follows.setAccountNote({ targetAccountId: input.id, comment: input.comment ?? "" }, as(ctx)),
    present: (_ctx, r: { relationship?: Parameters<typeof presentRelationship>[0] }) => presentRelationship(r.relationship!),
  },
];
