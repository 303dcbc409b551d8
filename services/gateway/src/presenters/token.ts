import type { IssueTokenResponse } from "@starling/proto/accounts/v1/accounts";

/** Renders Mastodon's Token entity (POST /oauth/token, POST /api/v1/accounts): created_at in seconds. */
export function presentToken(t: IssueTokenResponse): Record<string, unknown> {
  return {
    access_token: t.accessToken,
    token_type: t.tokenType,
    scope: t.scope,
    created_at: Math.floor((t.createdAt?.getTime() ?? Date.now()) / 1000),
  };
}
