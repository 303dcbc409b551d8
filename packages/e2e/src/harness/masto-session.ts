import { createOAuthAPIClient, createRestAPIClient, type mastodon } from "masto";

/** A signed-in masto.js client and the account it acts as. */
export interface Session {
  client: mastodon.rest.Client;
  accessToken: string;
  account: mastodon.v1.CredentialAccount;
}

/**
 * Signs in as a real Mastodon client does with the password grant: registers an app through
 * POST /api/v1/apps (with `appScopes`), then asks /oauth/token for a token of `scopes` with the
 * e-mail as username.
 */
export async function signIn(url: string, email: string, password: string, scopes = "read write follow", appScopes = scopes): Promise<Session> {
  const anonymous = createRestAPIClient({ url });
  const app = await anonymous.v1.apps.create({ clientName: "starling-e2e", redirectUris: "urn:ietf:wg:oauth:2.0:oob", scopes: appScopes });
  const oauth = createOAuthAPIClient({ url });
  const token = await oauth.token.create({
    grantType: "password",
    clientId: app.clientId!,
    clientSecret: app.clientSecret!,
    redirectUri: "urn:ietf:wg:oauth:2.0:oob",
    username: email,
    password,
    scope: scopes,
  });
  const client = createRestAPIClient({ url, accessToken: token.accessToken });
  return { client, accessToken: token.accessToken, account: await client.v1.accounts.verifyCredentials() };
}

/**
 * Creates the account `<name>_<suffix>` (e-mail `<name>_<suffix>@example.com`) on `stack` with the
 * CLI and signs it in; a random suffix per suite keeps runs against shared servers apart.
 */
export async function newSession(stack: { url: string; createAccount(username: string, email: string): Promise<string> }, name: string, suffix: string): Promise<Session> {
  const email = `${name}_${suffix}@example.com`;
  return signIn(stack.url, email, await stack.createAccount(`${name}_${suffix}`, email));
}
