import type { AsyncHandlers } from "@starling/runtime";
import type { AccountsServiceServer } from "@starling/proto/accounts/v1/accounts";
import { authenticate } from "../use-cases/authenticate.ts";
import { createAccount } from "../use-cases/create-account.ts";
import { createApp } from "../use-cases/create-app.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { followAccount } from "../use-cases/follow-account.ts";
import { getAccounts } from "../use-cases/get-accounts.ts";
import { getCredentialAccount } from "../use-cases/get-credential-account.ts";
import { getRelationships } from "../use-cases/get-relationships.ts";
import { getStandings } from "../use-cases/get-standings.ts";
import { getUsageStats } from "../use-cases/get-usage-stats.ts";
import { issueToken } from "../use-cases/issue-token.ts";
import { unfollowAccount } from "../use-cases/unfollow-account.ts";
import { vapidKeys } from "../use-cases/vapid-keys.ts";
import { protoToIssueToken } from "./proto-to-token-grant.ts";
import { accountToProto, appToProto, relationshipToProto, roleToProto, sourceToProto } from "./to-proto.ts";

/** The AccountsService handlers: decode → use case → encode, nothing else. */
export function accountsHandlers(deps: AccountsDeps): AsyncHandlers<AccountsServiceServer> {
  return {
    createApp: async (request) => {
      const [app, keys] = await Promise.all([createApp(deps, request), vapidKeys(deps)]);
      return { app: appToProto(app, keys.publicKey) };
    },
    issueToken: async (request) => {
      const token = await issueToken(deps, protoToIssueToken(request));
      return { accessToken: token.accessToken, tokenType: "Bearer", scope: token.scopes.join(" "), createdAt: token.createdAt };
    },
    authenticate: async (request) => {
      return authenticate(deps, request.accessToken, { allowSuspended: request.allowSuspended });
    },
    createAccount: async (request, ctx) => {
      const created = await createAccount(deps, ctx.viewer, request);
      return { account: accountToProto(created.account), password: created.password };
    },
    getAccounts: async (request) => ({ accounts: (await getAccounts(deps, request.ids)).map(accountToProto) }),
    getCredentialAccount: async (_request, ctx) => {
      const { account, source, role } = await getCredentialAccount(deps, ctx.viewer);
      return { account: accountToProto(account), source: sourceToProto(source), role: roleToProto(role) };
    },
    follow: async (request, ctx) => ({ relationship: relationshipToProto(await followAccount(deps, ctx.viewer, request)) }),
    unfollow: async (request, ctx) => ({ relationship: relationshipToProto(await unfollowAccount(deps, ctx.viewer, request.targetAccountId)) }),
    getRelationships: async (request, ctx) => ({ relationships: (await getRelationships(deps, ctx.viewer, request.accountIds)).map(relationshipToProto) }),
    getStandings: async (request, ctx) => ({ standings: await getStandings(deps, ctx.viewer, request.accountIds) }),
    getUsageStats: async () => {
      const stats = await getUsageStats(deps);
      // Posts and domains are counted by the statuses and federation services; the gateway merges them.
      return { stats: { ...stats, localPosts: 0, knownDomains: 0 } };
    },
  };
}
