/**
 * GET /auth/confirmation?confirmation_token=…: the page the confirmation mail links to. Opening it
 * confirms the address; there is nothing to submit, so a mail client that prefetches the link
 * confirms too, which is what the user wanted anyway (the service answers a second click the same).
 */
import { status as GrpcStatus } from "@grpc/grpc-js";
import type { Request, Response } from "express";
import { field, type PagesDeps } from "./pages-deps.ts";
import { sendPage } from "./send-page.ts";
import { errorPage, noticePage } from "./views.ts";

/** GET /auth/confirmation. */
export function showConfirmation(deps: PagesDeps) {
  return async (req: Request, res: Response) => {
    const token = field(req, "confirmation_token");
    try {
      const confirmed = await deps.clients.registration.confirmEmail({ confirmationToken: token });
      const next = confirmed.approved
        ? "You can now use your account in your app."
        : "A moderator will review your sign-up; you can use your account once it is approved.";
      sendPage(res, 200, noticePage("E-mail address confirmed", `Thank you, @${confirmed.username}: your e-mail address is confirmed. ${next}`));
    } catch (error) {
      const { code, details } = error as { code?: number; details?: string };
      if (code === GrpcStatus.NOT_FOUND) {
        sendPage(res, 404, errorPage("Invalid link", "This confirmation link is not valid. Use the link of the newest confirmation mail."));
      } else if (code === GrpcStatus.FAILED_PRECONDITION) {
        sendPage(res, 410, errorPage("Link expired", `${details ?? "This link has expired."} Your app can send a new one.`));
      } else {
        deps.logger.error({ err: error }, "e-mail confirmation failed");
        sendPage(res, 503, errorPage("Try again later", "There was a temporary problem serving your request, please try again."));
      }
    }
  };
}
