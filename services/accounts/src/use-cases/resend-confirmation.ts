import { invalidArgument, permissionDenied } from "@starling/runtime";
import { emailErrors, RegistrationInvalid, taken } from "../domain/registration-rules.ts";
import { hashToken, randomSecret } from "../domain/secrets.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { changeUnconfirmedEmail, findRegistration, setConfirmationToken } from "../data/registrations-queries.ts";
import { findUserByAccountId, findUserByEmail, type User } from "../data/users-queries.ts";
import { sendConfirmationMail } from "../mail/confirmation-mail.ts";
import { authenticate } from "./authenticate.ts";
import type { AccountsDeps } from "./deps.ts";
import type { RegistrationSettings } from "./registration-settings.ts";

const WRONG_APP = "This method is only available to the application the user originally signed-up with";
const NOT_PENDING = "This method is only available while the e-mail is awaiting confirmation";

/**
 * POST /api/v1/emails/confirmations: a new confirmation link for the token's own unconfirmed user,
 * optionally to a corrected address. Only the app the user signed up with may ask, so a stolen
 * token of another app cannot redirect the mail. Earlier links stop working.
 */
export async function resendConfirmation(deps: AccountsDeps, settings: RegistrationSettings, accessToken: string, email: string | undefined): Promise<void> {
  const viewer = await authenticate(deps, accessToken, { allowInactive: true });
  if (!viewer.scopes.includes("write") && !viewer.scopes.includes("write:accounts")) throw permissionDenied("This action is outside the authorized scopes");
  const user = viewer.accountId ? await findUserByAccountId(deps.db, viewer.accountId) : undefined;
  const registration = user && (await findRegistration(deps.db, user.id));
  if (!user || !registration || registration.appId !== viewer.appId) throw permissionDenied(WRONG_APP);
  if (user.confirmedAt) throw permissionDenied(NOT_PENDING);
  const to = email === undefined ? user.email : await checkedNewEmail(deps, user, email.trim());
  const token = randomSecret();
  await deps.db.transaction(async (trx) => {
    if (to !== user.email) await changeUnconfirmedEmail(deps.db, trx, user.id, to);
    await setConfirmationToken(deps.db, trx, user.id, hashToken(token), deps.now());
  });
  const account = await findAccount(deps.db, user.accountId);
  await sendConfirmationMail(deps.mailer, settings.logger, { to, username: account?.username ?? "", baseUrl: settings.baseUrl, token });
}

async function checkedNewEmail(deps: AccountsDeps, user: User, email: string): Promise<string> {
  const problems = emailErrors(email);
  const owner = problems.length === 0 ? await findUserByEmail(deps.db, email) : undefined;
  if (owner && owner.id !== user.id) problems.push(taken("email"));
  if (problems.length > 0) throw invalidArgument(new RegistrationInvalid(problems).message);
  return email;
}
