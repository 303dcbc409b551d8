import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { invalidArgument, permissionDenied, PERMISSIONS, ROLE_PERMISSIONS, roleHas, type Permission, type Viewer } from "@starling/runtime";
import { findAccountsByIds } from "../data/accounts-queries.ts";
import { findAdminFacts, setRestriction, staffAccountIds, type AdminFacts } from "../data/admin-accounts-queries.ts";
import type { Account } from "../domain/account.ts";
import type { AccountsDeps } from "./deps.ts";
import { moderatedAccount } from "./suspend-account.ts";

/** An account as staff see it: its public view and its admin facts. */
export interface AdminAccountView {
  account: Account;
  facts: AdminFacts;
}

const RESTRICTIONS = ["silence", "sensitive", "disable"] as const;
type Restriction = (typeof RESTRICTIONS)[number];

/** The accounts of local staff whose role holds `permission`, not suspended nor disabled. */
export async function staffWith(deps: AccountsDeps, permission: string, trx?: Transaction): Promise<string[]> {
  if (!Object.hasOwn(PERMISSIONS, permission)) throw invalidArgument(`Unknown permission: ${permission}`);
  const roles = Object.keys(ROLE_PERMISSIONS).filter((role) => role !== "" && roleHas(role, permission as Permission));
  return staffAccountIds(deps.db, roles, trx);
}

/** Admin views of accounts, in request order, for staff who manage users or reports. */
export async function getAdminAccounts(deps: AccountsDeps, viewer: Viewer | undefined, ids: readonly string[]): Promise<AdminAccountView[]> {
  if (!roleHas(viewer?.role, "manage_users") && !roleHas(viewer?.role, "manage_reports")) throw permissionDenied();
  const valid = ids.filter((id) => /^\d{1,19}$/.test(id));
  const [accounts, facts] = await Promise.all([findAccountsByIds(deps.db, valid), findAdminFacts(deps.db, valid)]);
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return valid.flatMap((id) => {
    const account = byId.get(id);
    const known = facts.get(id);
    return account && known ? [{ account, facts: known }] : [];
  });
}

/**
 * Sets or lifts a restriction on an account whose role ranks below the viewer's, and announces the
 * account's restrictions after it (account.restricted). Disabling needs a local account.
 */
export async function restrictAccount(deps: AccountsDeps, viewer: Viewer | undefined, request: { accountId: string; restriction: string; lift: boolean }): Promise<AdminAccountView> {
  if (!(RESTRICTIONS as readonly string[]).includes(request.restriction)) throw invalidArgument(`Unknown restriction: ${request.restriction}`);
  const restriction = request.restriction as Restriction;
  const account = await moderatedAccount(deps, viewer, { accountId: request.accountId, username: "" });
  if (restriction === "disable" && account.domain !== null) throw permissionDenied("This action is not allowed");
  const before = (await findAdminFacts(deps.db, [account.id])).get(account.id)!;
  const on = !request.lift;
  await deps.db.transaction(async (trx) => {
    await setRestriction(deps.db, trx, account.id, restriction, on, deps.now());
    await enqueueEvents(deps.db, trx, [
      outboxEvent("accounts", "account.restricted", account.id, {
        accountId: account.id,
        silenced: restriction === "silence" ? on : account.silencedAt !== null,
        sensitized: restriction === "sensitive" ? on : before.sensitized,
        disabled: restriction === "disable" ? on : (before.user?.disabled ?? false),
      }),
    ]);
  });
  deps.nudge();
  const [view] = await getAdminAccounts(deps, viewer, [account.id]);
  return view!;
}
