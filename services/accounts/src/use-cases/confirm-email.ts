import { failedPrecondition, notFound } from "@starling/runtime";
import { CONFIRMATION_VALIDITY_MS } from "../domain/registration-rules.ts";
import { hashToken } from "../domain/secrets.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { findByConfirmationToken, lockRegistration, markConfirmed } from "../data/registrations-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { announceSignUp } from "./user-activation.ts";

/** Whose address was confirmed, and whether that user may act now or still waits for approval. */
export interface ConfirmedUser {
  accountId: string;
  username: string;
  approved: boolean;
}

/**
 * Confirms the address a confirmation link was sent to. A second click on the same link answers as
 * the first did (mail clients and link scanners open links more than once); an expired link is
 * refused so the user asks for a new one.
 */
export async function confirmEmail(deps: AccountsDeps, token: string): Promise<ConfirmedUser> {
  const found = token === "" ? undefined : await findByConfirmationToken(deps.db, hashToken(token));
  if (!found) throw notFound("Confirmation token is invalid");
  const { registration, accountId } = found;
  const account = await findAccount(deps.db, accountId);
  if (!account) throw notFound("Confirmation token is invalid");
  const result = { accountId, username: account.username, approved: registration.approved };
  if (found.confirmedAt) return result;
  const sentAt = registration.confirmationSentAt?.getTime() ?? 0;
  if (deps.now().getTime() - sentAt > CONFIRMATION_VALIDITY_MS) throw failedPrecondition("Email needs to be confirmed within 2 days, please request a new one");
  await deps.db.transaction(async (trx) => {
    const locked = await lockRegistration(deps.db, trx, registration.userId);
    const confirmed = await markConfirmed(deps.db, trx, registration.userId, deps.now());
    if (confirmed && locked?.approved) await announceSignUp(deps, trx, accountId);
  });
  deps.nudge();
  return result;
}
