/**
 * The checks of an authorization request (GET /oauth/authorize) against the app it names, in
 * Doorkeeper's order: client, redirect URI, response type, scope, PKCE. The first failure wins, so an
 * error other than invalid_client/invalid_redirect_uri means the redirect URI is a registered one.
 */
import type { OauthErrorCode } from "./oauth-errors.ts";
import { parseChallenge, type PkceMethod } from "./pkce.ts";
import { OOB_REDIRECT_URI } from "./redirect-uris.ts";
import { isSubsetOf, parseScopes } from "./scopes.ts";

/** What the client sent to /oauth/authorize; absent when it left a parameter out. */
export interface AuthorizationParams {
  clientId?: string | undefined;
  redirectUri?: string | undefined;
  responseType?: string | undefined;
  scope?: string | undefined;
  codeChallenge?: string | undefined;
  codeChallengeMethod?: string | undefined;
}

/** The parts of an app the checks need. */
export interface AuthorizingApp {
  redirectUris: readonly string[];
  scopes: readonly string[];
}

/** An acceptable request, ready to become a code. */
export interface CheckedAuthorization {
  redirectUri: string;
  outOfBand: boolean;
  scopes: string[];
  challenge: { value: string; method: PkceMethod } | null;
}

/** The outcome of checking a request. */
export type AuthorizationCheck = { ok: true; request: CheckedAuthorization } | { ok: false; error: OauthErrorCode; detail?: string };

/** Checks a request; `app` is undefined when client_id named no app. */
export function checkAuthorization(app: AuthorizingApp | undefined, params: AuthorizationParams): AuthorizationCheck {
  // Without a client there is no registered URI to send any error to: invalid_client, to be shown.
  if (!app) return { ok: false, error: "invalid_client", detail: params.clientId === undefined ? "Missing required parameter: client_id." : undefined };
  // Exact string comparison: a prefix or a normalised form of a registered URI is not that URI.
  if (params.redirectUri === undefined || !app.redirectUris.includes(params.redirectUri)) return { ok: false, error: "invalid_redirect_uri" };
  if (params.responseType === undefined) return { ok: false, error: "invalid_request", detail: "Missing required parameter: response_type." };
  if (params.responseType !== "code") return { ok: false, error: "unsupported_response_type" };
  const scopes = parseScopes(params.scope);
  if (!scopes.ok || !isSubsetOf(scopes.scopes, app.scopes)) return { ok: false, error: "invalid_scope" };
  const pkce = parseChallenge(params.codeChallenge, params.codeChallengeMethod);
  if (!pkce.ok) return pkce.problem === "method" ? { ok: false, error: "invalid_code_challenge_method" } : { ok: false, error: "invalid_request", detail: "The code_challenge is malformed." };
  return { ok: true, request: { redirectUri: params.redirectUri, outOfBand: params.redirectUri === OOB_REDIRECT_URI, scopes: scopes.scopes, challenge: pkce.challenge } };
}
