/**
 * GET/POST /auth/sign_in and POST/DELETE /auth/sign_out: the web session behind the authorization
 * pages. A right password may still need a second-factor code: the form then asks for it and posts
 * everything again.
 */
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Request, Response } from "express";
import { canonicalAddress } from "@starling/runtime";
import { field, givenField, type PagesDeps } from "./pages-deps.ts";
import { localPath, sendPage } from "./send-page.ts";
import { errorPage, noticePage, signInPage } from "./views.ts";

const returnPath = (req: Request) => localPath(field(req, "return_to"));

/** GET /auth/sign_in. */
export function showSignIn(deps: PagesDeps) {
  return async (req: Request, res: Response) => {
    const session = await deps.sessions.ensure(req, res);
    sendPage(res, 200, signInPage({ csrf: deps.sessions.csrfToken(session), returnTo: returnPath(req) }));
  };
}

/** POST /auth/sign_in. */
export function signIn(deps: PagesDeps) {
  return async (req: Request, res: Response) => {
    const session = await deps.sessions.read(req);
    if (!deps.sessions.checkCsrf(session, field(req, "authenticity_token"))) {
      sendPage(res, 422, errorPage("Invalid form", "This form has expired or did not come from this site. Go back and try again."));
      return;
    }
    const csrf = deps.sessions.csrfToken(session!);
    const email = field(req, "email");
    const password = field(req, "password");
    const returnTo = returnPath(req);
    const answer = await deps.clients.sessions
      .signIn({ email, password, otpAttempt: givenField(req, "otp_attempt"), ip: canonicalAddress(req.ip ?? ""), userAgent: req.get("user-agent") ?? "" })
      .catch((error: { code?: number; details?: string }) => {
        const refused = error.code === GrpcStatus.UNAUTHENTICATED || error.code === GrpcStatus.PERMISSION_DENIED || error.code === GrpcStatus.INVALID_ARGUMENT;
        if (!refused) deps.logger.error({ err: error }, "sign-in failed");
        const status = error.code === GrpcStatus.UNAUTHENTICATED ? 401 : refused ? 403 : 503;
        const message = refused ? (error.details ?? "Sign-in refused") : "There was a temporary problem serving your request, please try again.";
        sendPage(res, status, signInPage({ csrf, returnTo, email, error: message }));
        return undefined;
      });
    if (!answer) return;
    if (!answer.user) {
      sendPage(res, 200, signInPage({ csrf, returnTo, email, otpStep: { password } }));
      return;
    }
    await deps.sessions.signIn(res, answer.user);
    if (returnTo) res.redirect(303, returnTo);
    else sendPage(res, 200, noticePage("Signed in", "You are signed in. You can close this page."));
  };
}

/** POST and DELETE /auth/sign_out. */
export function signOut(deps: PagesDeps) {
  return async (req: Request, res: Response) => {
    const session = await deps.sessions.read(req);
    const token = field(req, "authenticity_token") || req.get("x-csrf-token");
    if (!deps.sessions.checkCsrf(session, token)) {
      sendPage(res, 422, errorPage("Invalid form", "This form has expired or did not come from this site. Go back and try again."));
      return;
    }
    deps.sessions.clear(res);
    const returnTo = returnPath(req);
    if (returnTo) res.redirect(303, returnTo);
    else sendPage(res, 200, noticePage("Signed out", "You are signed out."));
  };
}
