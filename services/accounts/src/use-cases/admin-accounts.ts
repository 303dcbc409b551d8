import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { invalidArgument, isPermission, permissionDenied, PERMISSIONS, viewerHas, type Viewer } from "@starling/runtime";
import { findAccountsByIds } from "../data/accounts-queries.ts";
import { findAdminFacts, listAdminAccountIds, setRestriction, staffAccountIds, type AdminAccountFilter, type AdminFacts } from "../data/admin-accounts-queries.ts";
import { parsePage, type PageInput } from "@starling/paging";
import { EVERYONE_ROLE_ID, type UserRole } from "../domain/roles.ts";
import { findRoles } from "../data/user-roles-queries.ts";
import type { Account } from "../domain/account.ts";
import type { AccountsDeps } from "./deps.ts";
import { moderatedAccount } from "./suspend-account.ts";

/** An account as staff see it: its public view and its admin facts. */
export interface AdminAccountView {
  account: Account;
  facts: AdminFacts;
  /** The user's role row; absent for remote accounts. */
  role: UserRole | undefined;
}

const RESTRICTIONS = ["silence", "sensitive", "disable"] as const;
type Restriction = (typeof RESTRICTIONS)[number];

/** The accounts of local staff whose role holds `permission`, not suspended nor disabled. */
export async function staffWith(deps: AccountsDeps, permission: string, trx?: Transaction): Promise<string[]> {
  if (!isPermission(permission)) throw invalidArgument(`Unknown permission: ${permission}`);
  const everyone = (await findRoles(deps.db, [EVERYONE_ROLE_ID], trx)).get(EVERYONE_ROLE_ID)!;
  return staffAccountIds(deps.db, PERMISSIONS[permission] | PERMISSIONS.administrator, everyone.permissions, trx);
}

/** Admin views of accounts, in request order, for staff who manage users or reports. */
export async function getAdminAccounts(deps: AccountsDeps, viewer: Viewer | undefined, ids: readonly string[]): Promise<AdminAccountView[]> {
  if (!viewerHas(viewer, "manage_users") && !viewerHas(viewer, "manage_reports")) throw permissionDenied();
  const valid = ids.filter((id) => /^\d{1,19}$/.test(id));
  const [accounts, facts] = await Promise.all([findAccountsByIds(deps.db, valid), findAdminFacts(deps.db, valid)]);
  const roles = await findRoles(deps.db, [...facts.values()].flatMap((known) => (known.user ? [known.user.roleId] : [])));
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return valid.flatMap((id) => {
    const account = byId.get(id);
    const known = facts.get(id);
    const role = known?.user ? roles.get(known.user.roleId ?? EVERYONE_ROLE_ID) : undefined;
    return account && known ? [{ account, facts: known, role }] : [];
  });
}

/**
 * Sets or lifts a restriction on an account whose role ranks below the viewer's, and announces the
 * account's restrictions after it (account.restricted). Disabling needs a local account.
 */
export async function restrictAccount(deps: AccountsDeps, viewer: Viewer | undefined, request: { accountId: string; restriction: string; lift: boolean }): Promise<AdminAccountView> {
  if (!(RESTRICTIONS as readonly string[]).includes(request.restriction)) throw invalidArgument(`Unknown restriction: ${request.restriction}`);
  const restriction = request.restriction as Restriction;
  const account = await moderatedAccount(deps, viewer, { accountId: request.accountId });
  if (restriction === "disable" && account.domain !== null) throw permissionDenied("This action is not allowed");
  const before = (await findAdminFacts(deps.db, [account.id])).get(account.id)!;
  const on = !request.lift;
  await deps.db.transaction(async (trx) => {
    await setRestriction(deps.db, trx, account.id, restriction, on, deps.now());
    await enqueueEvents(deps.db, trx, [
      outboxEvent("accounts", "account.restricted", account.id, {
        accountId: account.id,
        silenced: restriction === "silence" ? on : account.silencedAt !== null,
        sensitized: restriction === "sensitive" ? on : account.sensitizedAt !== null,
        disabled: restriction === "disable" ? on : (before.user?.disabled ?? false),
      }),
    ]);
  });
  deps.nudge();
  const [view] = await getAdminAccounts(deps, viewer, [account.id]);
  return view!;
}

/** The admin lists' filters as asked (v1 and v2 map theirs onto these). */
export interface AdminAccountQuery {
  page?: PageInput | undefined;
  origin?: string | undefined;
  status?: string | undefined;
  staff: boolean;
  byDomain?: string | undefined;
  username?: string | undefined;
  displayName?: string | undefined;
  email?: string | undefined;
  ip?: string | undefined;
  roleIds: string[];
}

const ORIGINS = ["local", "remote"] as const;
const STATUSES = ["active", "pending", "disabled", "silenced", "suspended", "sensitized"] as const;

/** One page of admin views matching the filters, newest first; an unknown origin or status is refused (400 at the gateway). */
export async function listAdminAccounts(deps: AccountsDeps, viewer: Viewer | undefined, query: AdminAccountQuery): Promise<AdminAccountView[]> {
  if (!viewerHas(viewer, "manage_users")) throw permissionDenied();
  if (query.origin !== undefined && !(ORIGINS as readonly string[]).includes(query.origin)) throw invalidArgument(`Unknown origin: ${query.origin}`);
  if (query.status !== undefined && !(STATUSES as readonly string[]).includes(query.status)) throw invalidArgument(`Unknown status: ${query.status}`);
  const filter: AdminAccountFilter = { ...query, origin: query.origin as AdminAccountFilter["origin"], status: query.status as AdminAccountFilter["status"], roleIds: query.roleIds.length ? query.roleIds : undefined };
  const ids = await listAdminAccountIds(deps.db, filter, parsePage(query.page, { default: 100, max: 200 }));
  return getAdminAccounts(deps, viewer, ids);
}
