import { permissionDenied, unauthenticated } from "@starling/runtime";
import { hashToken } from "../domain/secrets.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { findTokenByHash } from "../data/oauth-queries.ts";
import { findUserByAccountId } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/** Who a bearer token stands for. */
export interface AuthenticatedViewer {
  tokenId: string;
  appId: string;
  /** null for app-only tokens. */
  accountId: string | null;
  scopes: string[];
  /** The user's role name, "" for plain users and app tokens. */
  role: string;
}

/** Resolves a bearer token; unknown and revoked tokens are refused alike. */
export async function authenticate(deps: AccountsDeps, accessToken: string): Promise<AuthenticatedViewer> {
  if (accessToken === "") throw unauthenticated();
  const token = await findTokenByHash(deps.db, hashToken(accessToken));
  if (!token || token.revokedAt) throw unauthenticated();
  let role = "";
  if (token.accountId) {
    const account = await findAccount(deps.db, token.accountId);
    if (!account) throw unauthenticated();
    if (account.suspendedAt) throw permissionDenied("Your login is currently disabled");
    role = (await findUserByAccountId(deps.db, token.accountId))?.role ?? "";
  }
  return { tokenId: token.id, appId: token.appId, accountId: token.accountId, scopes: token.scopes, role };
}
