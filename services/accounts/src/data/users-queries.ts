import type { Database, Transaction } from "@starling/db";

/** The user behind a local account. */
export interface User {
  id: string;
  accountId: string;
  email: string;
  passwordHash: string;
  confirmedAt: Date | null;
  /** The user's role (user_roles); null for the everyone role. */
  roleId: string | null;
  locale: string;
  createdAt: Date;
  currentSignInAt: Date | null;
}

interface UserRow {
  id: string;
  account_id: string;
  email: string;
  password_hash: string;
  confirmed_at: Date | null;
  role_id: string | null;
  locale: string;
  created_at: Date;
  current_sign_in_at: Date | null;
}

const toUser = (row: UserRow): User => ({
  id: String(row.id),
  accountId: String(row.account_id),
  email: row.email,
  passwordHash: row.password_hash,
  confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at),
  roleId: row.role_id === null ? null : String(row.role_id),
  locale: row.locale,
  createdAt: new Date(row.created_at),
  currentSignInAt: row.current_sign_in_at === null ? null : new Date(row.current_sign_in_at),
});

export async function insertUser(db: Database, trx: Transaction, user: User): Promise<void> {
  await db.table("users", trx).insert({
    id: user.id,
    account_id: user.accountId,
    email: user.email,
    password_hash: user.passwordHash,
    confirmed_at: user.confirmedAt,
    role_id: user.roleId,
    locale: user.locale,
    created_at: user.createdAt,
    current_sign_in_at: user.currentSignInAt,
  });
}

/** The user with this e-mail, compared case-insensitively. */
export async function findUserByEmail(db: Database, email: string, trx?: Transaction): Promise<User | undefined> {
  const row: UserRow | undefined = await db.table("users", trx).whereRaw("lower(email) = lower(?)", [email]).first();
  return row && toUser(row);
}

export async function findUserByAccountId(db: Database, accountId: string, trx?: Transaction): Promise<User | undefined> {
  const row: UserRow | undefined = await db.table("users", trx).where({ account_id: accountId }).first();
  return row && toUser(row);
}

export async function recordSignIn(db: Database, trx: Transaction, userId: string, at: Date): Promise<void> {
  await db.table("users", trx).where({ id: userId }).update({ current_sign_in_at: at });
}

/** Users of local, not suspended accounts: all, and those signed in since each date. */
export async function countUsers(db: Database, since: { month: Date; halfYear: Date }): Promise<{ total: number; month: number; halfYear: number }> {
  const row = (await db
    .table("users")
    .join("accounts as a", "a.id", "users.account_id")
    .whereNull("a.domain")
    .whereNull("a.suspended_at")
    .first(
      db.knex.raw("count(*) as total"),
      db.knex.raw("count(*) filter (where users.current_sign_in_at >= ?) as month", [since.month]),
      db.knex.raw("count(*) filter (where users.current_sign_in_at >= ?) as half_year", [since.halfYear]),
    )) as { total: string | number; month: string | number; half_year: string | number };
  return { total: Number(row.total), month: Number(row.month), halfYear: Number(row.half_year) };
}
