import type { Logger } from "@starling/runtime";
import type { Mailer } from "./mailer.ts";

/** The page that confirms an address; the gateway serves it. */
export const confirmationLink = (baseUrl: string, token: string) => `${baseUrl}/auth/confirmation?confirmation_token=${encodeURIComponent(token)}`;

/**
 * Sends the mail with the confirmation link. A failure is logged and swallowed: the account exists
 * either way, and POST /api/v1/emails/confirmations sends a new link.
 */
export async function sendConfirmationMail(mailer: Mailer, logger: Logger, options: { to: string; username: string; baseUrl: string; token: string }): Promise<void> {
  const host = new URL(options.baseUrl).host;
  const text = [
    `Hello @${options.username},`,
    "",
    `someone (hopefully you) signed up on ${host} with this e-mail address.`,
    "Open this link within two days to confirm it:",
    "",
    confirmationLink(options.baseUrl, options.token),
    "",
    "If it was not you, ignore this mail: nothing happens without the confirmation.",
  ].join("\n");
  try {
    await mailer.send({ to: options.to, subject: `Confirm your e-mail address for ${host}`, text });
  } catch (error) {
    logger.warn({ err: error, username: options.username }, "confirmation mail not sent");
  }
}
