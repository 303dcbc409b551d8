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

/** One grant of POST /oauth/token, with the parameters its grant type requires present. */
export type TokenGrant =
  | { type: "password"; username: string; password: string; scope?: string | undefined }
  | { type: "authorization_code"; code: string; redirectUri: string; codeVerifier?: string | undefined }
  | { type: "client_credentials"; scope?: string | undefined };

/** What POST /oauth/token sends (client credentials taken from Basic auth or the form; absent when neither had them). */
export interface IssueTokenInput {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  grant: TokenGrant;
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
export type Grant = (trx: Transaction) => Promise<{ user: Pick<User, "id" | "accountId" | "locale"> | undefined; scopes: string[] }>;

/** Issues a bearer token for the authorization_code, password or client_credentials grant. */
export async function issueToken(deps: AccountsDeps, input: IssueTokenInput): Promise<IssuedToken> {
  const { grant } = input;
  const app = await authenticateClient(deps, input.clientId, input.clientSecret);
  const decide = grant.type === "authorization_code" ? authorizationCodeGrant(deps, app, grant) : await directGrant(deps, app, grant);
  const accessToken = randomSecret();
  const createdAt = deps.now();
  const { user, scopes } = await deps.db.transaction(async (trx) => {
    const decided = await decide(trx);
    const { user, scopes } = decided;
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
    // Every grant for a user is a sign-in (the code's user signed in on the web page moments ago, or
    // with a session): the active-user counts and the dashboard's languages measure them.
    if (user) await markSignedIn(deps, trx, user, createdAt);
    return decided;
  });
  if (user) deps.nudge();
  return { accessToken, scopes, createdAt };
}

// The password and client_credentials grants: scopes from the request, within the app's.
async function directGrant(deps: AccountsDeps, app: OauthApp, grant: Exclude<TokenGrant, { type: "authorization_code" }>): Promise<Grant> {
  const parsed = parseScopes(grant.scope);
  if (!parsed.ok || !isSubsetOf(parsed.scopes, app.scopes)) throw fail("invalid_scope");
  const user = grant.type === "password" ? await passwordOwner(deps, grant.username, grant.password) : undefined;
  return async () => ({ user, scopes: parsed.scopes });
}

async function passwordOwner(deps: AccountsDeps, email: string, password: string): Promise<User> {
  const user = await userWithPassword(deps, email, password);
  if (!user) throw fail("invalid_grant");
  if (!user.confirmedAt) throw fail("invalid_grant", "Your e-mail address is not confirmed yet.");
  if (await loginDisabled(deps, await findAccount(deps.db, user.accountId))) throw fail("invalid_grant", "Your login is currently disabled.");
  // As Mastodon: a password alone must not mint a token for a user who set up a second factor.
  if (await hasTwoFactor(deps, user.id)) throw fail("invalid_grant");
  return user;
}
