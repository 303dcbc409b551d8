import type { Logger } from "@starling/runtime";
import { readRegistrationMode } from "../data/registration-mode-queries.ts";
import type { RegistrationMode } from "../domain/registration-rules.ts";
import type { AccountsDeps } from "./deps.ts";

/** What the sign-up use cases need besides AccountsDeps. */
export interface RegistrationSettings {
  /** REGISTRATIONS_MODE: the mode while staff have set none in the instance settings. */
  defaultMode: RegistrationMode;
  /** Public base URL of the instance, for the link in the confirmation mail. */
  baseUrl: string;
  /** Mail failures are logged, not fatal: the user can ask for the mail again. */
  logger: Logger;
}

/** The registration mode in force: the one staff set (moderation's instance settings), else the default. */
export async function registrationMode(deps: AccountsDeps, settings: RegistrationSettings): Promise<RegistrationMode> {
  return (await readRegistrationMode(deps.db)) ?? settings.defaultMode;
}
