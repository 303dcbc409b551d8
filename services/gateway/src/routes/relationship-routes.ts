import { z } from "zod";
import type { ListBlocksResponse, ListDomainBlocksResponse, ListMutesResponse } from "@starling/proto/accounts/v1/relationships";
import type { Route } from "../http/route.ts";
import { boolParam, idParam, pageParams, textParam } from "../http/params.ts";
import { hydrateAccounts, presentAccounts } from "../presenters/account.ts";
import { presentMutedAccount } from "../presenters/muted-account.ts";
import { presentRelationship } from "../presenters/relationship.ts";
import { accountListLinks as links, accountListPage as page, accountListParams, as, relationshipAction as action, type AccountListParams } from "./account-list-parts.ts";

// Mastodon reads an absent `notifications` as true; `duration` is seconds, 0 (or blank) for no end.
const mute = z.object({ id: idParam, notifications: boolParam.optional(), duration: z.coerce.number().int().min(0).default(0) });
// User domain blocks page like account lists, but 100 at a time and 200 at most (reference §6.2).
const domainList = z.object(pageParams(100));
const domain = z.object({ domain: textParam.default("") });


const writeBlocks = ["follow", "write", "write:blocks"];
const writeMutes = ["follow", "write", "write:mutes"];
const readBlocks = ["follow", "read", "read:blocks"];

/** Blocks, mutes and user domain blocks (reference §1.4 and §1.14). */
export const relationshipRoutes: Route[] = [
  action("/api/v1/accounts/:id/block", writeBlocks, (ctx, id) => ctx.clients.relationships.blockAccount({ targetAccountId: id }, as(ctx))),
  action("/api/v1/accounts/:id/unblock", writeBlocks, (ctx, id) => ctx.clients.relationships.unblockAccount({ targetAccountId: id }, as(ctx))),
  {
    method: "post",
    path: "/api/v1/accounts/:id/mute",
    auth: "user",
    scopes: writeMutes,
    input: mute,
    call: (ctx, input: z.infer<typeof mute>) =>
      ctx.clients.relationships.muteAccount({ targetAccountId: input.id, notifications: input.notifications, duration: input.duration }, as(ctx)),
    present: (_ctx, r: { relationship?: Parameters<typeof presentRelationship>[0] }) => presentRelationship(r.relationship!),
  },
  action("/api/v1/accounts/:id/unmute", writeMutes, (ctx, id) => ctx.clients.relationships.unmuteAccount({ targetAccountId: id }, as(ctx))),
  {
    method: "get",
    path: "/api/v1/blocks",
    auth: "user",
    scopes: readBlocks,
    input: accountListParams,
    call: (ctx, input: AccountListParams): Promise<ListBlocksResponse> =>
      ctx.clients.relationships.listBlocks({ page: page(input) }, as(ctx)),
    present: (ctx, r: ListBlocksResponse) => presentAccounts(ctx, r.accounts),
    links,
  },
  {
    method: "get",
    path: "/api/v1/mutes",
    auth: "user",
    scopes: ["follow", "read", "read:mutes"],
    input: accountListParams,
    call: (ctx, input: AccountListParams): Promise<ListMutesResponse> =>
      ctx.clients.relationships.listMutes({ page: page(input) }, as(ctx)),
    present: async (ctx, r: ListMutesResponse) => {
      const { moved, emojis } = await hydrateAccounts(ctx, r.mutes.map((m) => m.account!));
      return r.mutes.map((m) => presentMutedAccount(m, ctx.baseUrl, moved, emojis));
    },
    links,
  },
  {
    method: "get",
    path: "/api/v1/domain_blocks",
    auth: "user",
    scopes: readBlocks,
    input: domainList,
    call: (ctx, input: AccountListParams): Promise<ListDomainBlocksResponse> =>
      ctx.clients.relationships.listDomainBlocks({ page: page(input) }, as(ctx)),
    present: (_ctx, r: ListDomainBlocksResponse) => r.domains,
    links,
  },
  {
    method: "post",
    path: "/api/v1/domain_blocks",
    auth: "user",
    scopes: writeBlocks,
    input: domain,
    call: (ctx, input: z.infer<typeof domain>) => ctx.clients.relationships.blockDomain({ domain: input.domain }, as(ctx)),
    present: () => ({}),
  },
  {
    method: "delete",
    path: "/api/v1/domain_blocks",
    auth: "user",
    scopes: writeBlocks,
    input: domain,
    call: (ctx, input: z.infer<typeof domain>) => ctx.clients.relationships.unblockDomain({ domain: input.domain }, as(ctx)),
    present: () => ({}),
  },
];
