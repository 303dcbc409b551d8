import type { Mail } from "./mailer.ts";

/** What the alert tells the user about the sign-in. */
export interface SignInAlert {
  email: string;
  username: string;
  ip: string;
  userAgent: string;
  at: Date;
}

/**
 * The e-mail sent when an account is signed into from an address it was never used from. It asks
 * for nothing (no code to type back): it tells the owner what happened and what to do if it was not them.
 */
export function signInAlertMail(alert: SignInAlert): Mail {
  return {
    to: alert.email,
    subject: `New sign-in from ${alert.ip}`,
    text: [
      `Hello ${alert.username},`,
      "",
      "Your account was just signed into from an IP address it had not been used from before.",
      "",
      `Time: ${alert.at.toUTCString()}`,
      `IP address: ${alert.ip}`,
      `Browser: ${alert.userAgent || "unknown"}`,
      "",
      "If this was you, there is nothing to do.",
      "If it was not, change your password at once and turn on two-factor authentication.",
    ].join("\n"),
  };
}
