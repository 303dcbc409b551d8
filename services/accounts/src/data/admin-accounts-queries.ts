import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";
import { EVERYONE_ROLE_ID } from "../domain/roles.ts";

/** What staff see of an account besides its public view (Mastodon's Admin::Account). */
export interface AdminFacts {
  accountId: string;
  /** Absent for remote accounts, which have no user. */
  user?: {
    email: string;
    /** Null for the everyone role. */
    roleId: string | null;
    locale: string;
    confirmed: boolean;
    approved: boolean;
    disabled: boolean;
    reason: string;
    appId: string | null;
    signUpIp: string | null;
    /** Distinct sign-in addresses, latest use first. */
    ips: { ip: string; usedAt: Date }[];
  };
}

interface FactsRow {
  id: string;
  user_id: string | null;
  email: string | null;
  role_id: string | null;
  locale: string | null;
  confirmed_at: Date | null;
  disabled: boolean | null;
  approved: boolean | null;
  reason: string | null;
  app_id: string | null;
  sign_up_ip: string | null;
}

/** The admin facts of accounts by id; unknown ids are left out. */
export async function findAdminFacts(db: Database, ids: readonly string[]): Promise<Map<string, AdminFacts>> {
  if (ids.length === 0) return new Map();
  const rows: FactsRow[] = await db
    .table("accounts as a")
    .leftJoin("users as u", "u.account_id", "a.id")
    .leftJoin("registrations as r", "r.user_id", "u.id")
    .whereIn("a.id", ids)
    .select("a.id", "u.id as user_id", "u.email", "u.role_id", "u.locale", "u.confirmed_at", "u.disabled", "r.approved", "r.reason", "r.app_id", "r.sign_up_ip");
  const userIds = rows.flatMap((row) => (row.user_id ? [String(row.user_id)] : []));
  const ips = await signInAddresses(db, userIds);
  return new Map(
    rows.map((row) => [
      String(row.id),
      {
        accountId: String(row.id),
        user: row.user_id
          ? {
              email: row.email ?? "",
              roleId: row.role_id === null ? null : String(row.role_id),
              locale: row.locale ?? "",
              confirmed: row.confirmed_at !== null,
              // Users made before registrations existed (the CLI) have no registration row: approved.
              approved: row.approved ?? true,
              disabled: row.disabled ?? false,
              reason: row.reason ?? "",
              appId: row.app_id === null ? null : String(row.app_id),
              signUpIp: row.sign_up_ip,
              ips: ips.get(String(row.user_id)) ?? [],
            }
          : undefined,
      },
    ]),
  );
}

/** Each user's distinct successful sign-in addresses, latest first. */
async function signInAddresses(db: Database, userIds: string[]): Promise<Map<string, { ip: string; usedAt: Date }[]>> {
  const byUser = new Map<string, { ip: string; usedAt: Date }[]>();
  if (userIds.length === 0) return byUser;
  const rows: { user_id: string; ip: string; used_at: Date }[] = await db
    .table("sign_ins")
    .whereIn("user_id", userIds)
    .where("success", true)
    .whereNot("ip", "")
    .groupBy("user_id", "ip")
    .select("user_id", "ip", db.knex.raw("max(created_at) as used_at"))
    .orderBy("used_at", "desc");
  for (const row of rows) {
    const list = byUser.get(String(row.user_id)) ?? [];
    list.push({ ip: row.ip, usedAt: new Date(row.used_at) });
    byUser.set(String(row.user_id), list);
  }
  return byUser;
}

/**
 * Local, not suspended accounts whose user holds any of `bits` through their role or the everyone
 * role's `everyoneBits`.
 */
export async function staffAccountIds(db: Database, bits: number, everyoneBits: number, trx?: Transaction): Promise<string[]> {
  const ids: string[] = await db
    .table("users", trx)
    .join("accounts as a", "a.id", "users.account_id")
    .leftJoin("user_roles as r", "r.id", "users.role_id")
    .whereRaw("((coalesce(r.permissions, 0) | ?) & ?) <> 0", [everyoneBits, bits])
    .whereNull("a.suspended_at")
    .where("users.disabled", false)
    .orderBy("users.account_id")
    .pluck("users.account_id");
  return ids.map(String);
}

/** Sets or clears silenced_at / sensitized_at of an account, or a user's disabled flag. */
export async function setRestriction(db: Database, trx: Transaction, accountId: string, restriction: "silence" | "sensitive" | "disable", on: boolean, now: Date): Promise<void> {
  if (restriction === "disable") await db.table("users", trx).where({ account_id: accountId }).update({ disabled: on });
  else await db.table("accounts", trx).where({ id: accountId }).update({ [restriction === "silence" ? "silenced_at" : "sensitized_at"]: on ? now : null });
}

/** Whether the user of a local account is disabled. */
export async function isUserDisabled(db: Database, accountId: string, trx?: Transaction): Promise<boolean> {
  const row: { disabled: boolean } | undefined = await db.table("users", trx).where({ account_id: accountId }).first("disabled");
  return row?.disabled ?? false;
}

/** The filters of the admin account lists, already validated. */
export interface AdminAccountFilter {
  origin?: "local" | "remote" | undefined;
  status?: "active" | "pending" | "disabled" | "silenced" | "suspended" | "sensitized" | undefined;
  /** Only users with a role other than everyone's. */
  staff?: boolean | undefined;
  /** Role ids to keep (the everyone role's id keeps users without a role); undefined keeps every account. */
  roleIds?: readonly string[] | undefined;
  byDomain?: string | undefined;
  username?: string | undefined;
  displayName?: string | undefined;
  email?: string | undefined;
  ip?: string | undefined;
}

const like = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Ids of the accounts matching `filter`, one page newest first. */
export async function listAdminAccountIds(db: Database, filter: AdminAccountFilter, page: Page): Promise<string[]> {
  const query = db.table("accounts as a").leftJoin("users as u", "u.account_id", "a.id").leftJoin("registrations as r", "r.user_id", "u.id").whereNull("a.deleted_at").select("a.id");
  if (filter.origin === "local") query.whereNull("a.domain");
  if (filter.origin === "remote") query.whereNotNull("a.domain");
  if (filter.byDomain) query.whereRaw("lower(a.domain) = lower(?)", [filter.byDomain]);
  if (filter.username) query.whereRaw("a.username ilike ?", [like(filter.username)]);
  if (filter.displayName) query.whereRaw("a.display_name ilike ?", [like(filter.displayName)]);
  if (filter.email) query.whereRaw("u.email ilike ?", [like(filter.email)]);
  if (filter.staff) query.whereNotNull("u.role_id");
  if (filter.roleIds) {
    const { roleIds } = filter;
    query.where((where) => {
      where.whereIn("u.role_id", roleIds.filter((id) => id !== EVERYONE_ROLE_ID && /^\d{1,19}$/.test(id)));
      if (roleIds.includes(EVERYONE_ROLE_ID)) where.orWhere((everyone) => everyone.whereNotNull("u.id").whereNull("u.role_id"));
    });
  }
  if (filter.ip) {
    const ip = filter.ip;
    query.where((where) => where.where("r.sign_up_ip", ip).orWhereExists(db.knex.withSchema(db.schema).from("sign_ins as s").whereRaw("s.user_id = u.id").where("s.ip", ip)));
  }
  const byStatus = {
    active: () => query.whereNull("a.suspended_at"),
    pending: () => query.where("r.approved", false),
    disabled: () => query.where("u.disabled", true),
    silenced: () => query.whereNotNull("a.silenced_at"),
    suspended: () => query.whereNotNull("a.suspended_at"),
    sensitized: () => query.whereNotNull("a.sensitized_at"),
  };
  if (filter.status) byStatus[filter.status]();
  return (await readPage<{ id: string }>(query, "a.id", page)).map((row) => String(row.id));
}
