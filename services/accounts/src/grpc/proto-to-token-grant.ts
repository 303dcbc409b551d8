import type { IssueTokenRequest } from "@starling/proto/accounts/v1/accounts";
import { oauthFailure } from "../use-cases/oauth-client.ts";
import type { IssueTokenInput, TokenGrant } from "../use-cases/issue-token.ts";

/**
 * The request's `oneof grant` as the use case's grant. A oneof decodes every member a client sends,
 * so more than one is refused rather than one silently winning; none is a request without a grant.
 */
export function protoToIssueToken(request: IssueTokenRequest): IssueTokenInput {
  const grants: TokenGrant[] = [
    ...(request.password ? [{ type: "password" as const, ...request.password }] : []),
    ...(request.authorizationCode ? [{ type: "authorization_code" as const, ...request.authorizationCode }] : []),
    ...(request.clientCredentials ? [{ type: "client_credentials" as const, ...request.clientCredentials }] : []),
  ];
  if (grants.length !== 1) throw oauthFailure("invalid_request", grants.length === 0 ? "Missing required parameter: grant_type." : "Only one grant may be given.");
  return { clientId: request.clientId, clientSecret: request.clientSecret, grant: grants[0]! };
}
