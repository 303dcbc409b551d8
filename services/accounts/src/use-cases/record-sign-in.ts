import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { recordSignIn as touchCurrentSignIn, type User } from "../data/users-queries.ts";
import { hasSignedInFrom, insertSignIn, type AuthenticationMethod } from "../data/sign-ins-queries.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { signInAlertMail } from "../mail/sign-in-alert.ts";
import type { AccountsDeps } from "./deps.ts";

/** Where a sign-in came from and how it was proven. */
export interface SignInContext {
  ip: string;
  userAgent: string;
  method: AuthenticationMethod;
}

/**
 * Records a successful sign-in in the user's history and as their current sign-in (which the
 * active-user counts read). When a user who signed in before arrives from an IP address never seen
 * for them, they get an e-mail about it; no code is asked for. Returns whether the alert was sent.
 */
export async function recordSuccessfulSignIn(deps: AccountsDeps, user: User, context: SignInContext): Promise<boolean> {
  const at = deps.now();
  const unfamiliar = await deps.db.transaction(async (trx) => {
    const known = context.ip === "" || (await hasSignedInFrom(deps.db, user.id, context.ip, trx));
    await insertSignIn(deps.db, trx, { id: deps.newId(), userId: user.id, createdAt: at, ip: context.ip, userAgent: context.userAgent, method: context.method, success: true, failureReason: "" });
    await markSignedIn(deps, trx, user, at);
    return !known && user.currentSignInAt !== null;
  });
  deps.nudge();
  if (!unfamiliar) return false;
  const username = (await findAccount(deps.db, user.accountId))?.username ?? user.email;
  // The sign-in has committed; a mail server that is down must not turn it into a failure.
  await deps.mailer.send(signInAlertMail({ email: user.email, username, ip: context.ip, userAgent: context.userAgent, at })).catch(() => undefined);
  return true;
}

/**
 * Makes `at` the user's current sign-in and announces it (user.signed_in), which moderation counts
 * as the day's active users and the week's logins.
 */
export async function markSignedIn(deps: AccountsDeps, trx: Transaction, user: Pick<User, "id" | "accountId"> & { locale?: string }, at: Date): Promise<void> {
  await touchCurrentSignIn(deps.db, trx, user.id, at);
  const event = { accountId: user.accountId, signedInAt: at, locale: user.locale || undefined };
  await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "user.signed_in", user.accountId, event)]);
}

/** Records a refused attempt (right password, wrong second factor) so the user can see it in their history. */
export async function recordFailedSignIn(deps: AccountsDeps, user: User, context: SignInContext, reason: string): Promise<void> {
  await deps.db.transaction((trx) =>
    insertSignIn(deps.db, trx, { id: deps.newId(), userId: user.id, createdAt: deps.now(), ip: context.ip, userAgent: context.userAgent, method: context.method, success: false, failureReason: reason }),
  );
}
