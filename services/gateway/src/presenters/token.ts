/** The fields of an issued token, as IssueTokenResponse and RegisterResponse both carry them. */
export interface IssuedTokenMessage {
  accessToken: string;
  tokenType: string;
  scope: string;
  createdAt?: Date | undefined;
}

/** Renders Mastodon's Token entity (POST /oauth/token, POST /api/v1/accounts): created_at in seconds. */
export function presentToken(t: IssuedTokenMessage): Record<string, unknown> {
  return {
    access_token: t.accessToken,
    token_type: t.tokenType,
    scope: t.scope,
    created_at: Math.floor((t.createdAt?.getTime() ?? Date.now()) / 1000),
  };
}
