import type { AsyncHandlers } from "@starling/runtime";
import type { OAuthServiceServer } from "@starling/proto/accounts/v1/oauth";
import { SCOPES } from "../domain/scopes.ts";
import { createAuthorizationCode } from "../use-cases/create-authorization-code.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { describeAuthorization } from "../use-cases/describe-authorization.ts";
import { revokeToken } from "../use-cases/revoke-token.ts";

/** The OAuthService handlers: decode → use case → encode. */
export function oauthHandlers(deps: AccountsDeps): AsyncHandlers<OAuthServiceServer> {
  return {
    describeAuthorization: async (request) => {
      const described = await describeAuthorization(deps, request.params ?? {});
      return { appName: described.app.name, appWebsite: described.app.website ?? undefined, scopes: described.scopes, redirectUri: described.redirectUri, outOfBand: described.outOfBand };
    },
    createAuthorizationCode: async (request, ctx) => {
      const issued = await createAuthorizationCode(deps, ctx.viewer, request.params ?? {});
      return { code: issued.code, redirectUri: issued.redirectUri, outOfBand: issued.outOfBand, expiresAt: issued.expiresAt };
    },
    revokeToken: async (request) => {
      await revokeToken(deps, request);
      return {};
    },
    listScopes: async () => ({ scopes: [...SCOPES] }),
  };
}
