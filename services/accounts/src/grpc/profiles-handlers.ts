import type { AsyncHandlers } from "@starling/runtime";
import type { Alias as AliasMessage, ProfilesServiceServer } from "@starling/proto/accounts/v1/profiles";
import type { AliasRecord } from "../data/alias-queries.ts";
import { addAlias, listAliases, removeAlias } from "../use-cases/account-aliases.ts";
import { getPreferences } from "../use-cases/get-preferences.ts";
import { lookupAccount } from "../use-cases/lookup-account.ts";
import { lookupAccounts } from "../use-cases/lookup-accounts.ts";
import { moveAccount } from "../use-cases/move-account.ts";
import type { ProfileDeps } from "../use-cases/profile-deps.ts";
import { searchAccounts } from "../use-cases/search-accounts.ts";
import { updateCredentials } from "../use-cases/update-credentials.ts";
import { accountToProto, roleToProto, sourceToProto } from "./to-proto.ts";

const aliasToProto = (alias: AliasRecord): AliasMessage => ({ id: alias.id, acct: alias.acct, uri: alias.uri, createdAt: alias.createdAt });

/** The ProfilesService handlers: decode → use case → encode, nothing else. */
export function profilesHandlers(deps: ProfileDeps): AsyncHandlers<ProfilesServiceServer> {
  return {
    updateCredentials: async (request, ctx) => {
      const { account, source, role } = await updateCredentials(deps, ctx.viewer, { ...request, fields: request.fields?.fields });
      return { account: accountToProto(account), source: sourceToProto(source), role: roleToProto(role) };
    },
    lookupAccount: async (request) => ({ account: accountToProto(await lookupAccount(deps, request.acct)) }),
    lookupAccounts: async (request) => ({
      found: (await lookupAccounts(deps, request.accts)).map(({ acct, account }) => ({ acct, account: accountToProto(account) })),
    }),
    searchAccounts: async (request, ctx) => ({ accounts: (await searchAccounts(deps, ctx.viewer, request)).map(accountToProto) }),
    getPreferences: async (_request, ctx) => {
      const settings = await getPreferences(deps, ctx.viewer);
      return {
        postingDefaultVisibility: settings.privacy,
        postingDefaultSensitive: settings.sensitive,
        postingDefaultLanguage: settings.language ?? undefined,
        readingExpandMedia: settings.expandMedia,
        readingExpandSpoilers: settings.expandSpoilers,
        interfaceLocale: settings.interfaceLocale,
      };
    },
    addAlias: async (request, ctx) => ({ alias: aliasToProto(await addAlias(deps, ctx.viewer, request.acct)) }),
    removeAlias: async (request, ctx) => {
      await removeAlias(deps, ctx.viewer, request.acct);
      return {};
    },
    listAliases: async (_request, ctx) => ({ aliases: (await listAliases(deps, ctx.viewer)).map(aliasToProto) }),
    moveAccount: async (request, ctx) => ({ account: accountToProto(await moveAccount(deps, ctx.viewer, { targetAcct: request.targetAcct, password: request.password })) }),
  };
}
