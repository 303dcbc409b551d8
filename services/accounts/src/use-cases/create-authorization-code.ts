import { permissionDenied, unauthenticated, type Viewer } from "@starling/runtime";
import type { AuthorizationParams } from "../domain/authorization-request.ts";
import { hashToken, randomSecret } from "../domain/secrets.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { insertAuthorizationCode } from "../data/authorization-codes-queries.ts";
import { findUserByAccountId } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { describeAuthorization, type DescribedAuthorization } from "./describe-authorization.ts";
import { LOGIN_DISABLED, loginDisabled } from "./sign-in-checks.ts";

/** Doorkeeper's default lifetime of an authorization code. */
export const CODE_LIFETIME_MS = 10 * 60_000;

/** A new code; the plain value exists only here. */
export interface IssuedCode extends DescribedAuthorization {
  code: string;
  expiresAt: Date;
}

/**
 * The signed-in user approves an authorization request. The request is checked again: the form
 * posts its fields back, and nothing the browser sends is trusted for having been shown before.
 */
export async function createAuthorizationCode(deps: AccountsDeps, viewer: Viewer | undefined, params: AuthorizationParams): Promise<IssuedCode> {
  if (!viewer?.accountId) throw unauthenticated("Sign in to authorize an application");
  const request = await describeAuthorization(deps, params);
  const [user, account] = await Promise.all([findUserByAccountId(deps.db, viewer.accountId), findAccount(deps.db, viewer.accountId)]);
  if (!user || !account) throw unauthenticated("Sign in to authorize an application");
  if (await loginDisabled(deps, account)) throw permissionDenied(LOGIN_DISABLED);
  const code = randomSecret();
  const createdAt = deps.now();
  const expiresAt = new Date(createdAt.getTime() + CODE_LIFETIME_MS);
  await insertAuthorizationCode(deps.db, {
    id: deps.newId(),
    appId: request.app.id,
    userId: user.id,
    accountId: account.id,
    codeHash: hashToken(code),
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    challenge: request.challenge,
    createdAt,
    expiresAt,
  });
  return { ...request, code, expiresAt };
}
