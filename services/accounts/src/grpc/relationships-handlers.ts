import type { AsyncHandlers } from "@starling/runtime";
import type { RelationshipsServiceServer } from "@starling/proto/accounts/v1/relationships";
import type { AccountPage } from "../domain/account-page.ts";
import type { Relationship } from "../domain/relationship.ts";
import { blockAccount } from "../use-cases/block-account.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { blockDomain, listDomainBlocks, unblockDomain } from "../use-cases/domain-blocks.ts";
import { listBlocks, listMutes } from "../use-cases/list-blocks-and-mutes.ts";
import { muteAccount } from "../use-cases/mute-account.ts";
import { unblockAccount } from "../use-cases/unblock-account.ts";
import { unmuteAccount } from "../use-cases/unmute-account.ts";
import { accountToProto, relationshipToProto } from "./to-proto.ts";

const cursors = (page: AccountPage<unknown>) => ({ nextCursor: page.next, prevCursor: page.prev });
const answer = (relationship: Relationship) => ({ relationship: relationshipToProto(relationship) });

/** The RelationshipsService handlers: decode → use case → encode, nothing else. */
export function relationshipsHandlers(deps: AccountsDeps, options: { localDomain: string }): AsyncHandlers<RelationshipsServiceServer> {
  return {
    blockAccount: async (request, ctx) => answer(await blockAccount(deps, ctx.viewer, request.targetAccountId)),
    unblockAccount: async (request, ctx) => answer(await unblockAccount(deps, ctx.viewer, request.targetAccountId)),
    muteAccount: async (request, ctx) =>
      answer(await muteAccount(deps, ctx.viewer, { targetAccountId: request.targetAccountId, notifications: request.notifications, duration: request.duration })),
    unmuteAccount: async (request, ctx) => answer(await unmuteAccount(deps, ctx.viewer, request.targetAccountId)),
    listBlocks: async (request, ctx) => {
      const page = await listBlocks(deps, ctx.viewer, request.page);
      return { accounts: page.accounts.map(accountToProto), ...cursors(page) };
    },
    listMutes: async (request, ctx) => {
      const page = await listMutes(deps, ctx.viewer, request.page);
      const mutes = page.accounts.map((m) => ({ account: accountToProto(m.account), expiresAt: m.expiresAt ?? undefined, hideNotifications: m.hideNotifications }));
      return { mutes, ...cursors(page) };
    },
    blockDomain: async (request, ctx) => {
      await blockDomain(deps, ctx.viewer, request.domain, options.localDomain);
      return {};
    },
    unblockDomain: async (request, ctx) => {
      await unblockDomain(deps, ctx.viewer, request.domain, options.localDomain);
      return {};
    },
    listDomainBlocks: async (request, ctx) => {
      const page = await listDomainBlocks(deps, ctx.viewer, request.page);
      return { domains: page.accounts, ...cursors(page) };
    },
  };
}
