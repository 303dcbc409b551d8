import type { Logger } from "@starling/runtime";
import { readSignUpSettings } from "../data/registration-mode-queries.ts";
import type { RegistrationMode } from "../domain/registration-rules.ts";
import type { MailHostLookup } from "../mail/mail-hosts.ts";
import type { AccountsDeps } from "./deps.ts";

/** What the sign-up use cases need besides AccountsDeps. */
export interface RegistrationSettings {
  /** REGISTRATIONS_MODE: the mode while staff have set none in the instance settings. */
  defaultMode: RegistrationMode;
  /** Public base URL of the instance, for the link in the confirmation mail. */
  baseUrl: string;
  /** Mail failures are logged, not fatal: the user can ask for the mail again. */
  logger: Logger;
  /** The DNS lookup of the MX check (EMAIL_DNS_SERVERS), used while staff have it on. */
  mailHosts: MailHostLookup;
}

/** The sign-up rules in force: staff's mode (moderation's instance settings, else the default) and MX check. */
export async function signUpRules(deps: AccountsDeps, settings: RegistrationSettings): Promise<{ mode: RegistrationMode; emailMxCheck: boolean }> {
  const stored = await readSignUpSettings(deps.db);
  return { mode: stored.mode ?? settings.defaultMode, emailMxCheck: stored.emailMxCheck };
}

/** The registration mode in force: the one staff set (moderation's instance settings), else the default. */
export async function registrationMode(deps: AccountsDeps, settings: RegistrationSettings): Promise<RegistrationMode> {
  return (await signUpRules(deps, settings)).mode;
}
