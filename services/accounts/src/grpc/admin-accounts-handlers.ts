import type { AdminAccount, AdminAccountsServiceServer } from "@starling/proto/accounts/v1/admin_accounts";
import type { AsyncHandlers } from "@starling/runtime";
import { getAdminAccounts, listAdminAccounts, restrictAccount, staffWith, type AdminAccountView } from "../use-cases/admin-accounts.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { accountToProto, roleToProto } from "./to-proto.ts";

/** Admin::Account's facts; user facts are absent for remote accounts, as Mastodon renders them null. */
export function adminAccountToProto({ account, facts, role }: AdminAccountView): AdminAccount {
  const user = facts.user;
  return {
    account: accountToProto(account),
    email: user?.email,
    ip: user ? (user.ips[0]?.ip ?? user.signUpIp ?? undefined) : undefined,
    ips: user?.ips ?? [],
    role: role ? roleToProto(role) : undefined,
    confirmed: user?.confirmed,
    approved: user?.approved,
    disabled: user?.disabled,
    sensitized: account.sensitizedAt !== null,
    silenced: account.silencedAt !== null,
    suspended: account.suspendedAt !== null,
    locale: user ? user.locale || undefined : undefined,
    inviteRequest: user?.reason || undefined,
    createdByApplicationId: user?.appId ?? undefined,
    invitedByAccountId: undefined,
  };
}

/** AdminAccountsService: decode → use case → encode. */
export function adminAccountsHandlers(deps: AccountsDeps): AsyncHandlers<AdminAccountsServiceServer> {
  return {
    listStaff: async (request) => ({ accountIds: await staffWith(deps, request.permission) }),
    getAdminAccounts: async (request, ctx) => ({ accounts: (await getAdminAccounts(deps, ctx.viewer, request.ids)).map(adminAccountToProto) }),
    listAdminAccounts: async (request, ctx) => ({ accounts: (await listAdminAccounts(deps, ctx.viewer, request)).map(adminAccountToProto) }),
    restrictAccount: async (request, ctx) => adminAccountToProto(await restrictAccount(deps, ctx.viewer, request)),
  };
}
