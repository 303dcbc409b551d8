import type { AsyncHandlers } from "@starling/runtime";
import type { FollowGraphPage, FollowsServiceServer } from "@starling/proto/accounts/v1/follows";
import type { AccountPage } from "../domain/account-page.ts";
import type { Account } from "../domain/account.ts";
import type { Relationship } from "../domain/relationship.ts";
import { authorizeFollowRequest } from "../use-cases/authorize-follow-request.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { endorseAccount } from "../use-cases/endorse-account.ts";
import { getFamiliarFollowers } from "../use-cases/get-familiar-followers.ts";
import { listEndorsements } from "../use-cases/list-endorsements.ts";
import { listFollowRequests } from "../use-cases/list-follow-requests.ts";
import { listFollows } from "../use-cases/list-follows.ts";
import { rejectFollowRequest } from "../use-cases/reject-follow-request.ts";
import { removeFromFollowers } from "../use-cases/remove-from-followers.ts";
import { setAccountNote } from "../use-cases/set-account-note.ts";
import { unendorseAccount } from "../use-cases/unendorse-account.ts";
import { accountToProto, relationshipToProto } from "./to-proto.ts";


const pageToProto = (page: AccountPage<Account>): FollowGraphPage => ({
  accounts: page.accounts.map(accountToProto),
  nextCursor: page.next,
  prevCursor: page.prev,
});

const answer = (relationship: Relationship) => ({ relationship: relationshipToProto(relationship) });

/** The FollowsService handlers: decode → use case → encode, nothing else. */
export function followsHandlers(deps: AccountsDeps): AsyncHandlers<FollowsServiceServer> {
  return {
    listFollowers: async (request, ctx) => pageToProto(await listFollows(deps, ctx.viewer, "followers", request.accountId, request.page)),
    listFollowing: async (request, ctx) => pageToProto(await listFollows(deps, ctx.viewer, "following", request.accountId, request.page)),
    getFamiliarFollowers: async (request, ctx) => ({
      familiarFollowers: (await getFamiliarFollowers(deps, ctx.viewer, request.accountIds)).map((f) => ({ accountId: f.accountId, accounts: f.accounts.map(accountToProto) })),
    }),
    removeFromFollowers: async (request, ctx) => answer(await removeFromFollowers(deps, ctx.viewer, request.targetAccountId)),
    listFollowRequests: async (request, ctx) => pageToProto(await listFollowRequests(deps, ctx.viewer, request.page)),
    authorizeFollowRequest: async (request, ctx) => answer(await authorizeFollowRequest(deps, ctx.viewer, request.accountId)),
    rejectFollowRequest: async (request, ctx) => answer(await rejectFollowRequest(deps, ctx.viewer, request.accountId)),
    endorseAccount: async (request, ctx) => answer(await endorseAccount(deps, ctx.viewer, request.targetAccountId)),
    unendorseAccount: async (request, ctx) => answer(await unendorseAccount(deps, ctx.viewer, request.targetAccountId)),
    listEndorsements: async (request, ctx) => pageToProto(await listEndorsements(deps, ctx.viewer, request.page, request.all)),
    setAccountNote: async (request, ctx) => answer(await setAccountNote(deps, ctx.viewer, request.targetAccountId, request.comment)),
  };
}
