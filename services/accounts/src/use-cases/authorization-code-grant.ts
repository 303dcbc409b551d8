import { verifierMatches } from "../domain/pkce.ts";
import { hashToken } from "../domain/secrets.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { consumeAuthorizationCode } from "../data/authorization-codes-queries.ts";
import { findUserByAccountId } from "../data/users-queries.ts";
import type { OauthApp } from "../data/oauth-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import type { Grant, TokenGrant } from "./issue-token.ts";
import { oauthFailure as fail } from "./oauth-client.ts";
import { loginDisabled } from "./sign-in-checks.ts";

/**
 * The authorization_code grant: the code is spent in the token's transaction, so a code can buy one
 * token only. A failed check rolls the spending back, as Doorkeeper leaves a code it refused usable.
 * The token carries the scopes the user approved; a `scope` parameter is ignored (RFC 6749 §4.1.3).
 */
export function authorizationCodeGrant(deps: AccountsDeps, app: OauthApp, input: Extract<TokenGrant, { type: "authorization_code" }>): Grant {
  return async (trx) => {
    // Unknown, expired, already used, another app's, or approved for another redirect URI: all alike.
    const code = await consumeAuthorizationCode(deps.db, trx, hashToken(input.code), deps.now());
    if (!code || code.appId !== app.id || code.redirectUri !== input.redirectUri) throw fail("invalid_grant");
    // As Doorkeeper: only a code approved with a challenge needs the verifier.
    if (code.challenge && input.codeVerifier === undefined) throw fail("invalid_request", "Missing required parameter: code_verifier.");
    if (code.challenge && !verifierMatches(code.challenge, input.codeVerifier!)) throw fail("invalid_grant", "The code_verifier does not match the code_challenge.");
    // The user may have been suspended since approving.
    if (await loginDisabled(deps, await findAccount(deps.db, code.accountId, trx))) throw fail("invalid_grant", "Your login is currently disabled.");
    const user = await findUserByAccountId(deps.db, code.accountId, trx);
    return { user: { id: code.userId, accountId: code.accountId, locale: user?.locale ?? "" }, scopes: code.scopes };
  };
}
