import type { Transaction } from "@starling/db";
import { isSubsetOf, parseScopes } from "../domain/scopes.ts";
import { hashToken, randomSecret } from "../domain/secrets.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { insertToken, type OauthApp } from "../data/oauth-queries.ts";
import type { User } from "../data/users-queries.ts";
import { markSignedIn } from "./record-sign-in.ts";
import { authorizationCodeGrant } from "./authorization-code-grant.ts";
import type { AccountsDeps } from "./deps.ts";
import { authenticateClient, oauthFailure as fail } from "./oauth-client.ts";
import { userWithPassword } from "./password-credentials.ts";
import { hasTwoFactor } from "./verify-second-factor.ts";
import { loginDisabled } from "./sign-in-checks.ts";

/** What POST /oauth/token sends (client credentials already taken from Basic auth or the form). */
export interface IssueTokenInput {
  grantType: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  scope: string;
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

/** A freshly issued token; the plain value exists only in this answer. */
export interface IssuedToken {
  accessToken: string;
  scopes: string[];
  createdAt: Date;
}

/**
 * What a grant decided: whose token it is and what it may do. It runs inside the token's
 * transaction, so spending an authorization code and issuing its token commit together.
 */
export type Grant = (trx: Transaction) => Promise<{ user: { id: string; accountId: string } | undefined; scopes: string[] }>;

const SUPPORTED_GRANTS = new Set(["authorization_code", "password", "client_credentials"]);

/** Issues a bearer token for the authorization_code, password or client_credentials grant. */
export async function issueToken(deps: AccountsDeps, input: IssueTokenInput): Promise<IssuedToken> {
  if (input.grantType === "") throw fail("invalid_request", "Missing required parameter: grant_type.");
  if (!SUPPORTED_GRANTS.has(input.grantType)) throw fail("unsupported_grant_type");
  const app = await authenticateClient(deps, input.clientId, input.clientSecret);
  const grant = input.grantType === "authorization_code" ? authorizationCodeGrant(deps, app, input) : await directGrant(deps, app, input);
  const accessToken = randomSecret();
  const createdAt = deps.now();
  const scopes = await deps.db.transaction(async (trx) => {
    const { user, scopes } = await grant(trx);
    await insertToken(deps.db, trx, {
      id: deps.newId(),
      appId: app.id,
      userId: user?.id ?? null,
      accountId: user?.accountId ?? null,
      tokenHash: hashToken(accessToken),
      scopes,
      createdAt,
      revokedAt: null,
    });
    // A password grant is a sign-in: it is what the active-user counts measure.
    if (user && input.grantType === "password") await markSignedIn(deps, trx, user, createdAt);
    return scopes;
  });
  if (input.grantType === "password") deps.nudge();
  return { accessToken, scopes, createdAt };
}

// The password and client_credentials grants: scopes from the request, within the app's.
async function directGrant(deps: AccountsDeps, app: OauthApp, input: IssueTokenInput): Promise<Grant> {
  const parsed = parseScopes(input.scope);
  if (!parsed.ok || !isSubsetOf(parsed.scopes, app.scopes)) throw fail("invalid_scope");
  const user = input.grantType === "password" ? await passwordOwner(deps, input.username, input.password) : undefined;
  return async () => ({ user, scopes: parsed.scopes });
}

async function passwordOwner(deps: AccountsDeps, email: string, password: string): Promise<User> {
  if (email === "" || password === "") throw fail("invalid_request", "Missing required parameter: username and password.");
  const user = await userWithPassword(deps, email, password);
  if (!user) throw fail("invalid_grant");
  if (!user.confirmedAt) throw fail("invalid_grant", "Your e-mail address is not confirmed yet.");
  if (await loginDisabled(deps, await findAccount(deps.db, user.accountId))) throw fail("invalid_grant", "Your login is currently disabled.");
  // As Mastodon: a password alone must not mint a token for a user who set up a second factor.
  if (await hasTwoFactor(deps, user.id)) throw fail("invalid_grant");
  return user;
}
