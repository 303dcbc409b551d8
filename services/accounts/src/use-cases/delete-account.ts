import { enqueueEvents, outboxEvent } from "@starling/events";
import { invalidArgument, notFound, permissionDenied, type Viewer } from "@starling/runtime";
import { verifyPassword } from "../domain/password-hash.ts";
import type { Account } from "../domain/account.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { eraseUserData, findDeletedAt, markAccountDeleted } from "../data/account-deletion-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { endRelationships } from "./end-relationships.ts";
import { LOGIN_DISABLED } from "./sign-in-checks.ts";
import { moderatedAccount } from "./suspend-account.ts";
import { namesAccount, type AccountTarget } from "./account-target.ts";
import { viewerUser } from "./viewer-user.ts";

/** Which account to delete (none named: the viewer's own), and the password when it is the viewer's own. */
export interface DeleteAccountInput extends AccountTarget {
  password?: string | undefined;
}

/** The tombstone left behind. */
export interface DeletedAccount {
  accountId: string;
  deletedAt: Date;
}

/**
 * Deletes an account (Mastodon's DeleteAccountService, keeping the username reserved): in one
 * transaction the row becomes a suspended tombstone with an empty profile, the user and its tokens
 * go, every relationship ends both ways, and account.deleted asks the statuses service to delete
 * the account's posts. A second delete finds the tombstone and announces nothing.
 */
export async function deleteAccount(deps: AccountsDeps, viewer: Viewer | undefined, input: DeleteAccountInput): Promise<DeletedAccount> {
  const account = isOwnAccount(viewer, input) ? await ownAccount(deps, viewer, input.password ?? "") : await moderatedAccount(deps, viewer, input, "delete_user_data");
  const deletedAt = deps.now();
  if (!(await tombstoneAccount(deps, account, deletedAt))) return { accountId: account.id, deletedAt: (await findDeletedAt(deps.db, account.id)) ?? deletedAt };
  return { accountId: account.id, deletedAt };
}

/**
 * The deletion itself, of a local account or of a remote copy (its actor was deleted): false,
 * doing nothing, when the account already is a tombstone.
 */
export async function tombstoneAccount(deps: AccountsDeps, account: Account, deletedAt: Date): Promise<boolean> {
  const fresh = await deps.db.transaction(async (trx) => {
    if (!(await markAccountDeleted(deps.db, trx, account.id, deletedAt))) return false;
    await endRelationships(deps, trx, account.id);
    await eraseUserData(deps.db, trx, account.id, deletedAt);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.deleted", account.id, { accountId: account.id, username: account.username, domain: account.domain ?? undefined })]);
    return true;
  });
  if (fresh) deps.nudge();
  return fresh;
}

// The web settings page names no account: the viewer deletes their own.
const isOwnAccount = (viewer: Viewer | undefined, input: DeleteAccountInput) =>
  !namesAccount(input) || (input.username === undefined && input.accountId === viewer?.accountId);

/** The viewer's own account, once the password proves it is really them (as Mastodon's settings ask). */
async function ownAccount(deps: AccountsDeps, viewer: Viewer | undefined, password: string): Promise<Account> {
  const user = await viewerUser(deps, viewer);
  if (password === "" || !(await verifyPassword(password, user.passwordHash))) throw invalidArgument("Invalid password");
  const account = await findAccount(deps.db, user.accountId);
  if (!account) throw notFound("Record not found");
  // Mastodon's settings refuse a suspended user; only staff delete suspended accounts.
  if (account.suspendedAt) throw permissionDenied(LOGIN_DISABLED);
  return account;
}
