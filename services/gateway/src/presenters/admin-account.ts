import type { AdminAccount } from "@starling/proto/accounts/v1/admin_accounts";
import type { RouteContext } from "../http/route.ts";
import { HttpError } from "../http/grpc-to-http.ts";
import { hydrateAccounts, presentAccount, presentRole } from "./account.ts";

/**
 * Admin::Account (reference §4.18). `role` follows Role (§4.4), as clients built for later versions
 * expect, rather than 4.0.2's raw record; user facts are null for remote accounts.
 */
export async function presentAdminAccounts(ctx: RouteContext, admins: readonly AdminAccount[]): Promise<Record<string, unknown>[]> {
  const accounts = admins.map((a) => a.account!);
  const { moved, emojis } = await hydrateAccounts(ctx, accounts);
  return admins.map((admin) => {
    const account = admin.account!;
    return {
      id: account.id,
      username: account.username,
      domain: account.domain ?? null,
      created_at: account.createdAt!.toISOString(),
      email: admin.email ?? null,
      ip: admin.ip ?? null,
      ips: admin.ips.map((ip) => ({ ip: ip.ip, used_at: ip.usedAt!.toISOString() })),
      role: admin.role ? presentRole(admin.role) : null,
      confirmed: admin.confirmed ?? null,
      suspended: admin.suspended,
      silenced: admin.silenced,
      sensitized: admin.sensitized,
      disabled: admin.disabled ?? null,
      approved: admin.approved ?? null,
      locale: admin.locale ?? null,
      invite_request: admin.inviteRequest ?? null,
      ...(admin.createdByApplicationId ? { created_by_application_id: admin.createdByApplicationId } : {}),
      ...(admin.invitedByAccountId ? { invited_by_account_id: admin.invitedByAccountId } : {}),
      account: presentAccount(account, ctx.baseUrl, moved, emojis),
    };
  });
}

/** The admin views of accounts by id, in one accounts call, keyed by id. */
export async function loadAdminAccounts(ctx: RouteContext, ids: readonly string[]): Promise<Map<string, AdminAccount>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { accounts } = await ctx.clients.adminAccounts.getAdminAccounts({ ids: unique }, { viewerToken: ctx.viewerToken });
  return new Map(accounts.map((a) => [a.account!.id, a]));
}

/** One account's admin view, 404 when there is none. */
export async function presentAdminAccountById(ctx: RouteContext, id: string): Promise<Record<string, unknown>> {
  const admin = (await loadAdminAccounts(ctx, [id])).get(id);
  if (!admin) throw new HttpError(404, "Record not found");
  return (await presentAdminAccounts(ctx, [admin]))[0]!;
}
