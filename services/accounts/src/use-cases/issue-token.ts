import { invalidArgument, unauthenticated } from "@starling/runtime";
import { timingSafeEqual } from "node:crypto";
import { oauthMessage, type OauthErrorCode } from "../domain/oauth-errors.ts";
import { hashPassword, verifyPassword } from "../domain/password-hash.ts";
import { isSubsetOf, parseScopes } from "../domain/scopes.ts";
import { hashToken, randomSecret } from "../domain/secrets.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { findAppByClientId, insertToken, type OauthApp } from "../data/oauth-queries.ts";
import { findUserByEmail, recordSignIn, type User } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/** What POST /oauth/token sends (client credentials already taken from Basic auth or the form). */
export interface IssueTokenInput {
  grantType: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  scope: string;
}

/** A freshly issued token; the plain value exists only in this answer. */
export interface IssuedToken {
  accessToken: string;
  scopes: string[];
  createdAt: Date;
}

let decoyHash: Promise<string> | undefined;
const SUPPORTED_GRANTS = new Set(["password", "client_credentials"]);
const fail = (code: OauthErrorCode, detail?: string) => (code === "invalid_client" ? unauthenticated(oauthMessage(code, detail)) : invalidArgument(oauthMessage(code, detail)));

/** Issues a bearer token for the password or client_credentials grant. */
export async function issueToken(deps: AccountsDeps, input: IssueTokenInput): Promise<IssuedToken> {
  if (input.grantType === "") throw fail("invalid_request", "Missing required parameter: grant_type.");
  // authorization_code arrives with the sign-in pages; until then it is refused like any unknown grant.
  if (!SUPPORTED_GRANTS.has(input.grantType)) throw fail("unsupported_grant_type");
  const app = await authenticateClient(deps, input.clientId, input.clientSecret);
  const scopes = grantedScopes(app, input.scope);
  const user = input.grantType === "password" ? await passwordOwner(deps, input.username, input.password) : undefined;
  const accessToken = randomSecret();
  const createdAt = deps.now();
  await deps.db.transaction(async (trx) => {
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
    if (user) await recordSignIn(deps.db, trx, user.id, createdAt);
  });
  return { accessToken, scopes, createdAt };
}

async function authenticateClient(deps: AccountsDeps, clientId: string, clientSecret: string): Promise<OauthApp> {
  const app = clientId === "" ? undefined : await findAppByClientId(deps.db, clientId);
  if (!app || !sameSecret(app.clientSecret, clientSecret)) throw fail("invalid_client");
  return app;
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function grantedScopes(app: OauthApp, requested: string): string[] {
  const parsed = parseScopes(requested);
  if (!parsed.ok || !isSubsetOf(parsed.scopes, app.scopes)) throw fail("invalid_scope");
  return parsed.scopes;
}

async function passwordOwner(deps: AccountsDeps, email: string, password: string): Promise<User> {
  if (email === "" || password === "") throw fail("invalid_request", "Missing required parameter: username and password.");
  const user = await findUserByEmail(deps.db, email.trim());
  // One answer, and about the same time, for an unknown e-mail and a wrong password, so the grant
  // does not reveal who has an account.
  const matches = await verifyPassword(password, user?.passwordHash ?? (await (decoyHash ??= hashPassword(randomSecret()))));
  if (!user || !matches) throw fail("invalid_grant");
  if (!user.confirmedAt) throw fail("invalid_grant", "Your e-mail address is not confirmed yet.");
  const account = await findAccount(deps.db, user.accountId);
  if (!account || account.suspendedAt) throw fail("invalid_grant", "Your login is currently disabled.");
  return user;
}
