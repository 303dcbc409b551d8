import { z } from "zod";
import type { Route } from "../http/route.ts";
import { choiceParam, textParam } from "../http/params.ts";
import { clientCredentials } from "./client-credentials.ts";
import { tokenGrant } from "./token-grant.ts";
import { presentToken } from "../presenters/token.ts";

const createApp = z.object({
  client_name: textParam.default(""),
  redirect_uris: z.union([z.string(), z.array(z.string()).transform((uris) => uris.join("\n"))]).default(""),
  scopes: z.string().default("read"),
  website: choiceParam,
});

const token = z.object({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  scope: z.string().optional(),
  code: z.string().optional(),
  redirect_uri: z.string().optional(),
  code_verifier: z.string().optional(),
});

const revoke = z.object({
  token: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

/** App registration, the token and revocation endpoints, and the authorization server metadata (reference §1.1, §1.3). */
export const oauthRoutes: Route[] = [
  {
    method: "post",
    path: "/api/v1/apps",
    auth: "none",
    input: createApp,
    call: (ctx, input: z.infer<typeof createApp>) =>
      ctx.clients.accounts.createApp({ clientName: input.client_name, redirectUris: input.redirect_uris, scopes: input.scopes, website: input.website }),
    present: (_ctx, { app }) => ({
      id: app.id,
      name: app.name,
      website: app.website ?? null,
      redirect_uri: app.redirectUris.join("\n"),
      redirect_uris: app.redirectUris,
      scopes: app.scopes,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      vapid_key: app.vapidKey,
    }),
  },
  {
    method: "post",
    path: "/oauth/token",
    auth: "none",
    errorFormat: "oauth",
    input: token,
    call: (ctx, input: z.infer<typeof token>) =>
      ctx.clients.accounts.issueToken({ ...clientCredentials(ctx.headers, input), ...tokenGrant(input) }),
    present: (_ctx, t) => presentToken(t),
  },
  {
    method: "post",
    path: "/oauth/revoke",
    auth: "none",
    errorFormat: "oauth",
    input: revoke,
    call: (ctx, input: z.infer<typeof revoke>) => ctx.clients.oauth.revokeToken({ token: input.token, ...clientCredentials(ctx.headers, input) }),
    present: () => ({}),
  },
  {
    method: "get",
    path: "/.well-known/oauth-authorization-server",
    auth: "none",
    cacheControl: "public, max-age=3600",
    input: z.object({}),
    call: (ctx) => ctx.clients.oauth.listScopes({}),
    present: (ctx, { scopes }) => authorizationServerMetadata(ctx.baseUrl, scopes),
  },
];

/** RFC 8414 metadata: clients such as Phanpy use PKCE only when this document exists. */
function authorizationServerMetadata(baseUrl: string, scopes: string[]) {
  return {
    issuer: `${baseUrl}/`,
    service_documentation: "https://docs.joinmastodon.org/",
    authorization_endpoint: `${baseUrl}/oauth/authorize`,
    token_endpoint: `${baseUrl}/oauth/token`,
    app_registration_endpoint: `${baseUrl}/api/v1/apps`,
    revocation_endpoint: `${baseUrl}/oauth/revoke`,
    scopes_supported: scopes,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "password", "client_credentials"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    code_challenge_methods_supported: ["S256"],
  };
}
