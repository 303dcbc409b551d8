import type { Request } from "express";
import type { GatewayConfig } from "../../config.ts";
import { field } from "../../pages/pages-deps.ts";
import { SessionCookies } from "../../pages/session.ts";
import type { PasswordCheck } from "./password-attempts.ts";

/** The e-mail a sign-in names, as the accounts service matches it (case-insensitively). */
const named = (name: string) => async (req: Request) => field(req, name).trim().toLowerCase() || undefined;

/**
 * Every path that checks a password or a second-factor code: the password grant, the sign-in form
 * (which also takes the 2FA code), and the settings pages that ask for the password or a code again.
 */
export function passwordChecks(config: GatewayConfig): PasswordCheck[] {
  const sessions = new SessionCookies(config);
  const signedIn = async (req: Request) => (await sessions.read(req))?.accountId || undefined;
  return [
    { method: "POST", path: /^\/oauth\/token\/?$/, matches: (req) => field(req, "grant_type") === "password", accountOf: named("username") },
    { method: "POST", path: /^\/auth\/sign_in\/?$/, accountOf: named("email") },
    { method: "POST", path: /^\/settings\/two_factor_authentication(\/disable)?\/?$/, accountOf: signedIn },
    { method: "POST", path: /^\/settings\/(delete|migration)\/?$/, accountOf: signedIn },
  ];
}
