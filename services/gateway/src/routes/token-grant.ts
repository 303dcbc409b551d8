import type { IssueTokenRequest } from "@starling/proto/accounts/v1/accounts";
import { HttpError } from "../http/grpc-to-http.ts";

/** The parameters of POST /oauth/token besides the client's credentials; each absent when not sent. */
export interface TokenForm {
  grant_type?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  scope?: string | undefined;
  code?: string | undefined;
  redirect_uri?: string | undefined;
  code_verifier?: string | undefined;
}

type Grant = Pick<IssueTokenRequest, "password" | "authorizationCode" | "clientCredentials">;

/**
 * The form's grant as the contract's `oneof grant`. As Doorkeeper, a parameter left blank counts as
 * missing, and a grant missing one it requires is `invalid_request` (a 400) before any client check;
 * a grant type the server does not issue is `unsupported_grant_type`.
 */
export function tokenGrant(form: TokenForm): Grant {
  switch (required(form, "grant_type")) {
    case "password":
      return { password: { username: required(form, "username"), password: required(form, "password"), scope: form.scope } };
    case "authorization_code":
      return { authorizationCode: { code: required(form, "code"), redirectUri: required(form, "redirect_uri"), codeVerifier: form.code_verifier } };
    case "client_credentials":
      return { clientCredentials: { scope: form.scope } };
    default:
      throw new HttpError(400, "unsupported_grant_type: The authorization grant type is not supported by the authorization server.");
  }
}

function required(form: TokenForm, name: keyof TokenForm): string {
  const value = form[name];
  if (value === undefined || value.trim() === "") throw new HttpError(400, `invalid_request: Missing required parameter: ${name}.`);
  return value;
}
