import type { Logger } from "@starling/runtime";
import type { RegistrationMode } from "../domain/registration-rules.ts";

/** What the sign-up use cases need besides AccountsDeps. */
export interface RegistrationSettings {
  mode: RegistrationMode;
  /** Public base URL of the instance, for the link in the confirmation mail. */
  baseUrl: string;
  /** Mail failures are logged, not fatal: the user can ask for the mail again. */
  logger: Logger;
}
