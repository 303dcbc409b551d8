/**
 * OAuth 2 error descriptions as Doorkeeper words them. The RPC error message is
 * "<error code>: <description>" so the gateway can render `{error, error_description}`.
 */
export const OAUTH_ERRORS = {
  invalid_request: "The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.",
  invalid_client: "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
  invalid_grant:
    "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
  unsupported_grant_type: "The authorization grant type is not supported by the authorization server.",
  invalid_scope: "The requested scope is invalid, unknown, or malformed.",
  invalid_redirect_uri: "The redirect URI is malformed or is not one the client registered.",
  unsupported_response_type: "Only the response type code is supported.",
  invalid_code_challenge_method: "The code challenge method must be S256 or plain.",
  access_denied: "The user denied the request.",
  unauthorized_client: "This token belongs to another client; only that client may revoke it.",
} as const;

/** An OAuth error code. */
export type OauthErrorCode = keyof typeof OAUTH_ERRORS;

/** The message of an OAuth failure; `detail` replaces the generic description when given. */
export function oauthMessage(code: OauthErrorCode, detail?: string): string {
  return `${code}: ${detail ?? OAUTH_ERRORS[code]}`;
}
