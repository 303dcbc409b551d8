import { unauthenticated } from "@starling/runtime";
import type { AccountsDeps } from "./deps.ts";
import { userWithPassword } from "./password-credentials.ts";
import { recordSuccessfulSignIn } from "./record-sign-in.ts";
import { refuseSuspendedUser, secondFactorFor } from "./sign-in-checks.ts";

/** What the web sign-in form sends, with where it came from. */
export interface SignInInput {
  email: string;
  password: string;
  /** The second-factor code of the form's second step; absent on the first. */
  otpAttempt?: string | undefined;
  ip: string;
  userAgent: string;
}

/** Who signed in, or that a second-factor code is needed first (the proto's `oneof outcome`). */
export type SignInResult = { user: { userId: string; accountId: string } } | { otpRequired: true };

/** A sign-up that has not followed its confirmation link yet may not sign in. */
export const UNCONFIRMED_EMAIL = "Your e-mail address is not confirmed yet. Follow the link in the confirmation mail first.";

/** One message for an unknown e-mail and a wrong password, so the form reveals no accounts. */
export const INVALID_CREDENTIALS = "Invalid e-mail address or password.";

/**
 * Checks the web sign-in form's credentials. Steps, in order: password, (second factor), record the
 * sign-in. Refusals are UNAUTHENTICATED.
 */
export async function signIn(deps: AccountsDeps, input: SignInInput): Promise<SignInResult> {
  if (input.email.trim() === "" || input.password === "") throw unauthenticated(INVALID_CREDENTIALS);
  const user = await userWithPassword(deps, input.email, input.password);
  if (!user) throw unauthenticated(INVALID_CREDENTIALS);
  await refuseSuspendedUser(deps, user);
  // Checked after the password, like suspension, so the form reveals nothing to a stranger.
  if (!user.confirmedAt) throw unauthenticated(UNCONFIRMED_EMAIL);
  const context = { ip: input.ip, userAgent: input.userAgent };
  const method = await secondFactorFor(deps, user, input.otpAttempt, context);
  if (method === undefined) return { otpRequired: true };
  await recordSuccessfulSignIn(deps, user, { ...context, method });
  return { user: { userId: user.id, accountId: user.accountId } };
}
