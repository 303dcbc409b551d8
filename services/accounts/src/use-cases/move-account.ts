import { enqueueEvents, outboxEvent } from "@starling/events";
import { failedPrecondition, invalidArgument, unauthenticated, type Viewer } from "@starling/runtime";
import { verifyPassword } from "../domain/password-hash.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { hasAlias } from "../data/alias-queries.ts";
import { setMovedTo } from "../data/profile-queries.ts";
import type { Account } from "../domain/account.ts";
import type { ProfileDeps } from "./profile-deps.ts";
import { resolveKnownAccount } from "./resolve-known-account.ts";
import { viewerUser } from "./viewer-user.ts";

/** Mastodon lets an account move again only 30 days after its last move. */
export const MOVE_COOLDOWN_MS = 30 * 24 * 60 * 60 * 1000;

/** Where to move, and the current password that proves it is really the account's owner. */
export interface MoveAccountInput {
  targetAcct: string;
  password: string;
}

/**
 * Moves the viewer's account to a target that lists it among its aliases (alsoKnownAs), as
 * Mastodon's account migration: the account then shows `moved`, and account.moved tells the rest
 * of the system (followers are carried over by federation, later). A wrong password, moving to
 * self, to the account already moved to, or within the cool-down is refused.
 */
export async function moveAccount(deps: ProfileDeps, viewer: Viewer | undefined, input: MoveAccountInput): Promise<Account> {
  if (!viewer?.accountId) throw unauthenticated("This method requires an authenticated user");
  const user = await viewerUser(deps, viewer);
  // Checked first, so a wrong password learns nothing about the target.
  if (input.password === "" || !(await verifyPassword(input.password, user.passwordHash))) throw invalidArgument("Invalid password");
  const source = await findAccount(deps.db, user.accountId);
  if (!source) throw unauthenticated();
  const target = await resolveKnownAccount(deps, input.targetAcct);
  if (target.id === source.id) throw invalidArgument("Validation failed: Acct cannot be the current account");
  if (source.movedToAccountId === target.id) throw invalidArgument("Validation failed: Acct is the account you already moved to");
  if (!(await hasAlias(deps.db, target.id, source.uri))) throw invalidArgument("Validation failed: Acct does not list this account as an alias");
  const now = deps.now();
  if (source.movedAt && now.getTime() - source.movedAt.getTime() < MOVE_COOLDOWN_MS) throw failedPrecondition("This account moved less than 30 days ago");
  await deps.db.transaction(async (trx) => {
    await setMovedTo(deps.db, trx, source.id, target.id, now);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.moved", source.id, { accountId: source.id, targetAccountId: target.id })]);
  });
  deps.nudge();
  return (await findAccount(deps.db, source.id))!;
}
