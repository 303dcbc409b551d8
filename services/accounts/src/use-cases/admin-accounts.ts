import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { invalidArgument, permissionDenied, PERMISSIONS, ROLE_PERMISSIONS, roleHas, type Permission, type Viewer } from "@starling/runtime";
import { findAccountsByIds } from "../data/accounts-queries.ts";
import { findAdminFacts, listAdminAccountIds, setRestriction, staffAccountIds, type AdminAccountFilter, type AdminFacts } from "../data/admin-accounts-queries.ts";
import { parsePage, type PageInput } from "@starling/paging";
import { ROLE_NAMES, roleView } from "../domain/roles.ts";
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
  if (!roleHas(viewer?.role, "manage_users")) throw permissionDenied();
  if (query.origin !== undefined && !(ORIGINS as readonly string[]).includes(query.origin)) throw invalidArgument(`Unknown origin: ${query.origin}`);
  if (query.status !== undefined && !(STATUSES as readonly string[]).includes(query.status)) throw invalidArgument(`Unknown status: ${query.status}`);
  const filter: AdminAccountFilter = { ...query, origin: query.origin as AdminAccountFilter["origin"], status: query.status as AdminAccountFilter["status"], roles: rolesOf(query) };
  const ids = await listAdminAccountIds(deps.db, filter, parsePage(query.page, { default: 100, max: 200 }));
  return getAdminAccounts(deps, viewer, ids);
}

/** The role names a query keeps: staff means any role but everyone's; role ids name roles (§4.4). */
function rolesOf(query: AdminAccountQuery): string[] | undefined {
  const staff: string[] = [...ROLE_NAMES];
  const named = query.roleIds.length ? ["", ...ROLE_NAMES].filter((name) => query.roleIds.includes(roleView(name).id)) : undefined;
  if (query.staff) return named ? named.filter((name) => staff.includes(name)) : staff;
  return named;
}
