import { unauthenticated } from "@starling/runtime";
import { findAccount } from "../data/accounts-queries.ts";
import { isUserDisabled } from "../data/admin-accounts-queries.ts";
import type { Account } from "../domain/account.ts";
import type { AuthenticationMethod } from "../data/sign-ins-queries.ts";
import type { User } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { INVALID_CODE } from "./enable-two-factor.ts";
import { recordFailedSignIn, type SignInContext } from "./record-sign-in.ts";
import { hasTwoFactor, verifySecondFactor } from "./verify-second-factor.ts";

/** The message a suspended user gets at sign-in, as on the API. */
export const LOGIN_DISABLED = "Your login is currently disabled";

/** Whether an account may not sign in: gone, suspended, or its user disabled by staff. */
export async function loginDisabled(deps: AccountsDeps, account: Account | undefined): Promise<boolean> {
  return !account || account.suspendedAt !== null || (await isUserDisabled(deps.db, account.id));
}

/** Refuses a user whose account is suspended or who is disabled (checked after the password, so it reveals nothing). */
export async function refuseSuspendedUser(deps: AccountsDeps, user: User): Promise<void> {
  if (await loginDisabled(deps, await findAccount(deps.db, user.accountId))) throw unauthenticated(LOGIN_DISABLED);
}

/**
 * The second step of a sign-in whose password was right. Without 2FA the password is all it takes;
 * with 2FA and no code yet the answer is undefined (the form asks for one); a wrong, replayed or spent
 * code is recorded in the history and refused.
 */
export async function secondFactorFor(deps: AccountsDeps, user: User, otpAttempt: string | undefined, context: Omit<SignInContext, "method">): Promise<AuthenticationMethod | undefined> {
  if (!(await hasTwoFactor(deps, user.id))) return "password";
  if (otpAttempt === undefined) return undefined;
  const method = await verifySecondFactor(deps, user.id, otpAttempt);
  if (method) return method;
  await recordFailedSignIn(deps, user, { ...context, method: "otp" }, "invalid_otp");
  throw unauthenticated(INVALID_CODE);
}
