/**
 * The web settings of two-factor authentication and the sign-in history, for the browser's
 * signed-in session (Mastodon lets users turn 2FA on only there, never through the API):
 * GET/POST /settings/two_factor_authentication, POST .../disable, GET /settings/login_activities.
 */
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Request, Response } from "express";
import { field, givenField, type PagesDeps } from "./pages-deps.ts";
import { sendPage, withQuery } from "./send-page.ts";
import { recoveryCodesPage, signInHistoryPage, twoFactorEnabledPage, twoFactorSetUpPage } from "./two-factor-views.ts";
import { errorPage } from "./views.ts";

const SETTINGS = "/settings/two_factor_authentication";

/** An express handler of a settings page. */
export type Handler = (req: Request, res: Response) => Promise<void>;

/** What a settings handler gets: the request, the response, the form's CSRF token and the viewer to call as. */
export interface SignedIn {
  req: Request;
  res: Response;
  csrf: string;
  viewerToken: string;
}

/**
 * Runs `handle` for a signed-in browser (posts must carry the session's CSRF token); others go to
 * the sign-in form and come back to `returnTo`.
 */
export function signedIn(deps: PagesDeps, returnTo: string, handle: (page: SignedIn) => Promise<void>): Handler {
  return async (req, res) => {
    const session = await deps.sessions.read(req);
    if (req.method === "POST" && !deps.sessions.checkCsrf(session, field(req, "authenticity_token"))) {
      sendPage(res, 422, errorPage("Invalid form", "This form has expired or did not come from this site. Go back and try again."));
      return;
    }
    if (!session?.accountId) {
      res.redirect(303, withQuery("/auth/sign_in", { return_to: returnTo }));
      return;
    }
    const page = { req, res, csrf: deps.sessions.csrfToken(session), viewerToken: await deps.signViewer(session.accountId) };
    await handle(page).catch((error: { code?: number; details?: string }) => {
      // A suspended user's session is refused like its tokens; anything else is the server's fault.
      if (error.code === GrpcStatus.PERMISSION_DENIED || error.code === GrpcStatus.UNAUTHENTICATED) return sendPage(res, 403, errorPage("Not allowed", error.details ?? "Not allowed"));
      deps.logger.error({ err: error }, "settings page failed");
      sendPage(res, 503, errorPage("Temporary problem", "There was a temporary problem serving your request, please try again."));
    });
  };
}

const failedWith = (error: unknown, code: GrpcStatus) => (error as { code?: number })?.code === code;

/** GET /settings/two_factor_authentication: a fresh secret to set up, or the enabled state. */
export function showTwoFactor(deps: PagesDeps): Handler {
  return signedIn(deps, SETTINGS, async ({ res, csrf, viewerToken }) => {
    const state = await deps.clients.security.getTwoFactorStatus({}, { viewerToken });
    if (state.enabled) return sendPage(res, 200, twoFactorEnabledPage({ csrf, recoveryCodesLeft: state.recoveryCodesLeft }));
    const pending = await deps.clients.security.setUpTwoFactor({}, { viewerToken });
    sendPage(res, 200, twoFactorSetUpPage({ csrf, secret: pending.secret, provisioningUri: pending.provisioningUri }));
  });
}

/** POST /settings/two_factor_authentication: the first code turns 2FA on and shows the recovery codes. */
export function enableTwoFactor(deps: PagesDeps): Handler {
  return signedIn(deps, SETTINGS, async ({ req, res, csrf, viewerToken }) => {
    try {
      const { recoveryCodes } = await deps.clients.security.enableTwoFactor({ code: field(req, "code") }, { viewerToken });
      sendPage(res, 200, recoveryCodesPage(recoveryCodes));
    } catch (error) {
      if (failedWith(error, GrpcStatus.FAILED_PRECONDITION)) return res.redirect(303, SETTINGS);
      if (!failedWith(error, GrpcStatus.INVALID_ARGUMENT)) throw error;
      // The pending secret is unchanged, so the page shows again what the form carried.
      const view = { csrf, secret: field(req, "secret"), provisioningUri: field(req, "provisioning_uri"), error: "That code is not right. Check the clock of your phone and try again." };
      sendPage(res, 422, twoFactorSetUpPage(view));
    }
  });
}

/** POST /settings/two_factor_authentication/disable: a code or the password turns 2FA off. */
export function disableTwoFactor(deps: PagesDeps): Handler {
  return signedIn(deps, SETTINGS, async ({ req, res, csrf, viewerToken }) => {
    try {
      await deps.clients.security.disableTwoFactor({ otpAttempt: givenField(req, "otp_attempt"), password: givenField(req, "password") }, { viewerToken });
      res.redirect(303, SETTINGS);
    } catch (error) {
      if (failedWith(error, GrpcStatus.FAILED_PRECONDITION)) return res.redirect(303, SETTINGS);
      if (!failedWith(error, GrpcStatus.INVALID_ARGUMENT)) throw error;
      const { recoveryCodesLeft } = await deps.clients.security.getTwoFactorStatus({}, { viewerToken });
      sendPage(res, 422, twoFactorEnabledPage({ csrf, recoveryCodesLeft, error: "Enter a valid two-factor code or your password." }));
    }
  });
}

/** GET /settings/login_activities: the signed-in user's sign-in history. */
export function showSignInHistory(deps: PagesDeps): Handler {
  return signedIn(deps, "/settings/login_activities", async ({ res, viewerToken }) => {
    const { signIns } = await deps.clients.security.listSignIns({ limit: 100 }, { viewerToken });
    sendPage(res, 200, signInHistoryPage(signIns));
  });
}
