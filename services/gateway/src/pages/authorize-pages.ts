/**
 * GET/POST/DELETE /oauth/authorize and the out-of-band code page. The consent page stands behind the
 * sign-in form; approving issues a code and redirects to the client, denying redirects with
 * access_denied. Nothing is ever redirected to a URI the accounts service has not matched against
 * the app's registered ones.
 */
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Request, Response } from "express";
import type { AuthorizationParams } from "@starling/proto/accounts/v1/oauth";
import { field, given, oauthError, type PagesDeps } from "./pages-deps.ts";
import { sendPage, withQuery } from "./send-page.ts";
import { codePage, consentPage, errorPage, signInPage } from "./views.ts";

const NOT_REDIRECTABLE = new Set(["invalid_client", "invalid_redirect_uri"]);
const OOB = "urn:ietf:wg:oauth:2.0:oob";
const PARAM_NAMES = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"] as const;

const paramsOf = (req: Request) => Object.fromEntries(PARAM_NAMES.map((name) => [name, field(req, name)])) as Record<(typeof PARAM_NAMES)[number], string>;

const toProto = (p: ReturnType<typeof paramsOf>): AuthorizationParams => ({
  clientId: given(p.client_id),
  redirectUri: given(p.redirect_uri),
  responseType: given(p.response_type),
  scope: given(p.scope),
  codeChallenge: given(p.code_challenge),
  codeChallengeMethod: given(p.code_challenge_method),
});

/** The authorize URL of these parameters, to come back to after signing in. */
const authorizeUrl = (p: ReturnType<typeof paramsOf>) => withQuery("/oauth/authorize", p);

const truthy = (value: string) => ["true", "1", "on", "yes"].includes(value.toLowerCase());

/** GET /oauth/authorize: the error page, the sign-in form, or the consent page. */
export function showAuthorization(deps: PagesDeps) {
  return async (req: Request, res: Response) => {
    const params = paramsOf(req);
    const described = await deps.clients.oauth.describeAuthorization({ params: toProto(params) }).catch((error: unknown) => failed(deps, res, params, error));
    if (!described) return;
    const session = await deps.sessions.ensure(req, res);
    const csrf = deps.sessions.csrfToken(session);
    // force_login shows the form even to a signed-in browser, so a shared one can switch accounts.
    if (!session.accountId || truthy(field(req, "force_login"))) {
      sendPage(res, 200, signInPage({ csrf, returnTo: authorizeUrl(params), appName: described.appName }));
      return;
    }
    sendPage(res, 200, consentPage({ csrf, appName: described.appName, appWebsite: described.appWebsite, scopes: described.scopes, params, returnTo: authorizeUrl(params) }));
  };
}

/** POST /oauth/authorize (approve, or deny when the form says _method=delete) and DELETE (deny). */
export function decideAuthorization(deps: PagesDeps) {
  return async (req: Request, res: Response) => {
    const params = paramsOf(req);
    const session = await deps.sessions.read(req);
    if (!deps.sessions.checkCsrf(session, field(req, "authenticity_token"))) {
      sendPage(res, 422, errorPage("Invalid form", "This form has expired or did not come from this site. Go back and try again."));
      return;
    }
    if (!session?.accountId) {
      res.redirect(303, authorizeUrl(params));
      return;
    }
    if (req.method === "DELETE" || field(req, "_method").toLowerCase() === "delete") return deny(deps, res, params);
    const viewerToken = await deps.signViewer(session.accountId);
    const issued = await deps.clients.oauth.createAuthorizationCode({ params: toProto(params) }, { viewerToken }).catch((error: unknown) => failed(deps, res, params, error));
    if (!issued) return;
    if (issued.outOfBand) res.redirect(302, withQuery("/oauth/authorize/native", { code: issued.code }));
    else res.redirect(302, withQuery(issued.redirectUri, { code: issued.code, state: params.state }));
  };
}

/** GET /oauth/authorize/native: shows the out-of-band code. */
export function showCode() {
  return (req: Request, res: Response) => {
    const code = field(req, "code");
    if (!/^[\w-]{1,128}$/.test(code)) return sendPage(res, 400, errorPage("Authorization code", "There is no authorization code to show."));
    sendPage(res, 200, codePage(code));
  };
}

async function deny(deps: PagesDeps, res: Response, params: ReturnType<typeof paramsOf>): Promise<void> {
  // Checked again so the denial goes only to a registered redirect URI.
  const described = await deps.clients.oauth.describeAuthorization({ params: toProto(params) }).catch((error: unknown) => failed(deps, res, params, error));
  if (!described) return;
  if (described.outOfBand) return sendPage(res, 200, errorPage("Authorization denied", "You denied the application access to your account."));
  res.redirect(302, withQuery(described.redirectUri, { error: "access_denied", error_description: "The user denied the request.", state: params.state }));
}

/**
 * Answers a refused request: back to the client with the OAuth error when its redirect URI was
 * matched (RFC 6749 §4.1.2.1), otherwise an error page. Returns undefined for the caller to stop.
 */
function failed(deps: PagesDeps, res: Response, params: ReturnType<typeof paramsOf>, error: unknown): undefined {
  const oauth = oauthError(error);
  if (!oauth) {
    deps.logger.error({ err: error }, "authorization page failed");
    sendPage(res, 503, errorPage("Something went wrong", "There was a temporary problem serving your request, please try again."));
  } else if (oauth.code === "" && oauth.grpcCode === GrpcStatus.UNAUTHENTICATED) {
    // The session's account is gone: sign in again.
    deps.sessions.clear(res);
    res.redirect(303, authorizeUrl(params));
  } else if (oauth.code === "" || NOT_REDIRECTABLE.has(oauth.code) || params.redirect_uri === OOB) {
    // No OAuth code: the account cannot authorize (suspended, gone).
    sendPage(res, oauth.code === "" ? 403 : 400, errorPage("An error has occurred", oauth.description));
  } else {
    res.redirect(302, withQuery(params.redirect_uri, { error: oauth.code, error_description: oauth.description, state: params.state }));
  }
  return undefined;
}
