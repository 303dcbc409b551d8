import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { permissionDenied } from "@starling/runtime";
import { inactiveUserMessage } from "../domain/registration-rules.ts";
import { findRegistration } from "../data/registrations-queries.ts";
import type { User } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { staffWith } from "./admin-accounts.ts";

/**
 * Writes user.signed_up for a user who just became active, naming the staff to tell (those who manage users, as Mastodon), in the
 * transaction that activated the user (so it happens once, whichever of confirm or approve came last).
 */
export async function announceSignUp(deps: AccountsDeps, trx: Transaction, accountId: string): Promise<void> {
  const moderators = await staffWith(deps, "manage_users", trx);
  await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "user.signed_up", accountId, { accountId, moderatorAccountIds: moderators })]);
}

/**
 * Refuses a user who holds a token but may not act yet: e-mail not confirmed, or (self sign-up in
 * approval mode) not approved. Users without a registration row were made by the CLI: approved.
 */
export async function refuseInactiveUser(deps: AccountsDeps, user: User): Promise<void> {
  const registration = user.confirmedAt ? await findRegistration(deps.db, user.id) : undefined;
  const message = inactiveUserMessage(user.confirmedAt !== null, registration?.approved ?? true);
  if (message) throw permissionDenied(message);
}
