import { invalidArgument } from "@starling/runtime";
import { appNameProblem, websiteProblem } from "../domain/account-rules.ts";
import { parseRedirectUris } from "../domain/redirect-uris.ts";
import { parseScopes } from "../domain/scopes.ts";
import { randomSecret } from "../domain/secrets.ts";
import { insertApp, type OauthApp } from "../data/oauth-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/** What POST /api/v1/apps sends. */
export interface CreateAppInput {
  clientName: string;
  redirectUris: string;
  scopes: string;
  website?: string | undefined;
}

/** Registers an OAuth application with fresh client credentials. */
export async function createApp(deps: AccountsDeps, input: CreateAppInput): Promise<OauthApp> {
  const nameProblem = appNameProblem(input.clientName);
  if (nameProblem) throw invalidArgument(nameProblem);
  const redirects = parseRedirectUris(input.redirectUris);
  if (!redirects.ok) throw invalidArgument(`Validation failed: ${redirects.message}`);
  const scopes = parseScopes(input.scopes);
  if (!scopes.ok) throw invalidArgument(`Validation failed: Scopes must be from the list of registered scopes (unknown: ${scopes.unknown.join(", ")})`);
  const website = input.website?.trim() ?? "";
  const siteProblem = websiteProblem(website);
  if (siteProblem) throw invalidArgument(siteProblem);
  const app: OauthApp = {
    id: deps.newId(),
    name: input.clientName.trim(),
    website: website === "" ? null : website,
    redirectUris: redirects.uris,
    scopes: scopes.scopes,
    clientId: randomSecret(),
    clientSecret: randomSecret(),
    createdAt: deps.now(),
  };
  await insertApp(deps.db, app);
  return app;
}
