import { checkAuthorization, type AuthorizationParams, type CheckedAuthorization } from "../domain/authorization-request.ts";
import { findAppByClientId, type OauthApp } from "../data/oauth-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { oauthFailure } from "./oauth-client.ts";

/** A request that passed the checks, with the app it is for. */
export interface DescribedAuthorization extends CheckedAuthorization {
  app: OauthApp;
}

/** Checks an authorization request for the consent page; failures are OAuth errors. */
export async function describeAuthorization(deps: AccountsDeps, params: AuthorizationParams): Promise<DescribedAuthorization> {
  const app = params.clientId === undefined ? undefined : await findAppByClientId(deps.db, params.clientId);
  const check = checkAuthorization(app, params);
  if (!check.ok) throw oauthFailure(check.error, check.detail);
  return { ...check.request, app: app! };
}
