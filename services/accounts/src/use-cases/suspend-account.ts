import { enqueueEvents, outboxEvent } from "@starling/events";
import { failedPrecondition, notFound, permissionDenied, viewerHas, type Permission, type Viewer } from "@starling/runtime";
import { outranks } from "../domain/roles.ts";
import { findRoleWithEveryone } from "../data/user-roles-queries.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { findDeletedAt } from "../data/account-deletion-queries.ts";
import { setSuspendedAt } from "../data/suspension-queries.ts";
import { findUserByAccountId } from "../data/users-queries.ts";
import type { Account } from "../domain/account.ts";
import type { AccountsDeps } from "./deps.ts";
import { targetAccountId, type AccountTarget } from "./account-target.ts";


/**
 * Suspends an account: from then on its tokens are refused and it renders with empty data.
 * Suspending an already suspended account changes nothing and announces nothing.
 */
export async function suspendAccount(deps: AccountsDeps, viewer: Viewer | undefined, target: AccountTarget): Promise<{ accountId: string; suspendedAt: Date }> {
  const account = await moderatedAccount(deps, viewer, target);
  if (account.suspendedAt) return { accountId: account.id, suspendedAt: account.suspendedAt };
  const suspendedAt = deps.now();
  await deps.db.transaction(async (trx) => {
    await setSuspendedAt(deps.db, trx, account.id, suspendedAt);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.suspended", account.id, { accountId: account.id, suspendedAt })]);
  });
  deps.nudge();
  return { accountId: account.id, suspendedAt };
}

/** Lifts a suspension; a no-op for an account that is not suspended. */
export async function unsuspendAccount(deps: AccountsDeps, viewer: Viewer | undefined, target: AccountTarget): Promise<{ accountId: string }> {
  const account = await moderatedAccount(deps, viewer, target);
  if (!account.suspendedAt) return { accountId: account.id };
  // A deleted account is a suspended tombstone; lifting the suspension would not bring it back.
  if (await findDeletedAt(deps.db, account.id)) throw failedPrecondition("The account was deleted");
  await deps.db.transaction(async (trx) => {
    await setSuspendedAt(deps.db, trx, account.id, null);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.unsuspended", account.id, { accountId: account.id })]);
  });
  deps.nudge();
  return { accountId: account.id };
}

/**
 * The target of a staff action, if the viewer's role holds `permission` (manage_users unless told)
 * and ranks above the target's role (remote accounts hold the everyone role); nobody acts on
 * themselves this way.
 */
export async function moderatedAccount(deps: AccountsDeps, viewer: Viewer | undefined, target: AccountTarget, permission: Permission = "manage_users"): Promise<Account> {
  if (!viewerHas(viewer, permission)) throw permissionDenied("This action is not allowed");
  const id = await targetAccountId(deps, target);
  const account = id === undefined ? undefined : await findAccount(deps.db, id);
  if (!account) throw notFound("Record not found");
  const targetRoleId = account.domain === null ? ((await findUserByAccountId(deps.db, account.id))?.roleId ?? null) : null;
  const { role: targetRole } = await findRoleWithEveryone(deps.db, targetRoleId);
  if (account.id === viewer?.accountId || !outranks(viewer?.role, targetRole)) throw permissionDenied("This action is not allowed");
  return account;
}
