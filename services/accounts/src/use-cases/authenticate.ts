import { permissionDenied, unauthenticated, type ViewerRole } from "@starling/runtime";
import { hashToken } from "../domain/secrets.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { findAppById, findTokenByHash } from "../data/oauth-queries.ts";
import { findUserByAccountId } from "../data/users-queries.ts";
import { findRoleWithEveryone } from "../data/user-roles-queries.ts";
import { viewerRoleOf } from "../domain/roles.ts";
import type { AccountsDeps } from "./deps.ts";
import { refuseInactiveUser } from "./user-activation.ts";
import { LOGIN_DISABLED } from "./sign-in-checks.ts";
import { isUserDisabled } from "../data/admin-accounts-queries.ts";

/** Who a bearer token stands for. */
export interface AuthenticatedViewer {
  tokenId: string;
  appId: string;
  /** Absent for app-only tokens. */
  accountId: string | undefined;
  scopes: string[];
  /** The user's role row with the permissions they hold (everyone's for plain users); absent for app tokens. */
  role: ViewerRole | undefined;
  /** The token's app as statuses show it (absent when the app is gone), and its website. */
  appName: string | undefined;
  appWebsite: string | undefined;
  /** Only with `allowSuspended`: the account is suspended. */
  suspended: boolean;
}

/**
 * Resolves a bearer token; unknown and revoked tokens are refused alike. Users who have not confirmed
 * their e-mail or wait for approval are refused too, unless `allowInactive` (asking for the
 * confirmation mail again is all such a token may do). A suspended account's or disabled user's token is
 * refused ("Your login is currently disabled"), unless `allowSuspended` for a suspended one: reading
 * and appealing its strikes is all it may do.
 */
export async function authenticate(deps: AccountsDeps, accessToken: string, options: { allowInactive?: boolean; allowSuspended?: boolean } = {}): Promise<AuthenticatedViewer> {
  if (accessToken === "") throw unauthenticated();
  const token = await findTokenByHash(deps.db, hashToken(accessToken));
  if (!token || token.revokedAt) throw unauthenticated();
  let role: ViewerRole | undefined;
  let suspended = false;
  if (token.accountId) {
    const account = await findAccount(deps.db, token.accountId);
    if (!account) throw unauthenticated();
    suspended = account.suspendedAt !== null;
    if (suspended && !options.allowSuspended) throw permissionDenied(LOGIN_DISABLED);
    if (await isUserDisabled(deps.db, token.accountId)) throw permissionDenied(LOGIN_DISABLED);
    const user = await findUserByAccountId(deps.db, token.accountId);
    const { role: held, everyone } = await findRoleWithEveryone(deps.db, user?.roleId ?? null);
    role = viewerRoleOf(held, everyone);
    if (user && !options.allowInactive) await refuseInactiveUser(deps, user);
  }
  // One more lookup per token; the gateway caches the answer, so statuses can name the app they were posted from.
  const app = await findAppById(deps.db, token.appId);
  return { tokenId: token.id, appId: token.appId, accountId: token.accountId ?? undefined, scopes: token.scopes, role, appName: app?.name, appWebsite: app?.website ?? undefined, suspended };
}
