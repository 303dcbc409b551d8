import { z } from "zod";
import type { Route } from "../http/route.ts";
import { textParam } from "../http/params.ts";

const createApp = z.object({
  client_name: textParam.default(""),
  redirect_uris: z.union([z.string(), z.array(z.string()).transform((uris) => uris.join("\n"))]).default(""),
  scopes: z.string().default("read"),
  website: z.string().default(""),
});

const token = z.object({
  grant_type: z.string().default(""),
  client_id: z.string().default(""),
  client_secret: z.string().default(""),
  username: z.string().default(""),
  password: z.string().default(""),
  scope: z.string().default(""),
  code: z.string().default(""),
  redirect_uri: z.string().default(""),
  code_verifier: z.string().default(""),
});

/** App registration and the token endpoint (reference §1.1, §1.3). */
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
      website: app.website || null,
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
      ctx.clients.accounts.issueToken({
        grantType: input.grant_type,
        clientId: input.client_id,
        clientSecret: input.client_secret,
        username: input.username,
        password: input.password,
        scope: input.scope,
        code: input.code,
        redirectUri: input.redirect_uri,
        codeVerifier: input.code_verifier,
      }),
    present: (_ctx, t) => ({
      access_token: t.accessToken,
      token_type: t.tokenType,
      scope: t.scope,
      created_at: Math.floor((t.createdAt?.getTime() ?? Date.now()) / 1000),
    }),
  },
];
