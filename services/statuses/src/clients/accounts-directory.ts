import { status as GrpcStatus } from "@grpc/grpc-js";
import { connectService, ServiceError, type AsyncClient } from "@starling/runtime";
import { AccountsServiceClient } from "@starling/proto/accounts/v1/accounts";
import { ProfilesServiceClient } from "@starling/proto/accounts/v1/profiles";
import type { AccountsPort, Caller } from "../use-cases/dependencies.ts";

/** The accounts port over gRPC, forwarding the caller's signed viewer on every call. */
export function accountsDirectory(client: AsyncClient<AccountsServiceClient>, profiles: AsyncClient<ProfilesServiceClient>): AccountsPort {
  return {
    async usernames(accountIds, caller: Caller) {
      const { accounts } = await client.getAccounts({ ids: [...accountIds] }, { viewerToken: caller.viewerToken }).catch(unavailable);
      return new Map(accounts.map((a) => [a.id, a.username]));
    },
    async standingsOf(accountIds, caller: Caller) {
      if (!caller.viewerToken || !caller.accountId || accountIds.length === 0) return new Map();
      const { standings } = await client.getStandings({ accountIds: [...accountIds] }, { viewerToken: caller.viewerToken }).catch(unavailable);
      return new Map(standings.map(({ accountId, ...standing }) => [accountId, standing]));
    },
    async mentionable(accts, caller: Caller) {
      if (accts.length === 0) return new Map();
      const { found } = await profiles.lookupAccounts({ accts: [...accts] }, { viewerToken: caller.viewerToken }).catch(unavailable);
      return new Map(found.flatMap(({ acct, account }) => (account && !account.suspended ? [[acct.toLowerCase(), { id: account.id, url: account.url ?? account.uri }]] : [])));
    },
    async postingDefaults(caller: Caller) {
      const preferences = await profiles.getPreferences({}, { viewerToken: caller.viewerToken }).catch(unavailable);
      return { visibility: preferences.postingDefaultVisibility, language: preferences.postingDefaultLanguage, interfaceLocale: preferences.interfaceLocale };
    },
  };
}

// Accounts being down or slow is a retriable outage for our caller (UNAVAILABLE, HTTP 503), not a
// bug here (INTERNAL); other failures stay INTERNAL and are logged.
function unavailable(error: { code?: number }): never {
  if (error.code === GrpcStatus.UNAVAILABLE || error.code === GrpcStatus.DEADLINE_EXCEEDED) {
    throw new ServiceError(GrpcStatus.UNAVAILABLE, "The accounts service is unavailable");
  }
  throw error;
}

/** Connects to the accounts service at `address` (host:port). */
export function connectAccounts(address: string, deadlineMs: number): AsyncClient<AccountsServiceClient> {
  return connectService(AccountsServiceClient, address, { deadlineMs });
}

/** Connects to the profiles service of the accounts process at `address` (host:port). */
export function connectProfiles(address: string, deadlineMs: number): AsyncClient<ProfilesServiceClient> {
  return connectService(ProfilesServiceClient, address, { deadlineMs });
}
