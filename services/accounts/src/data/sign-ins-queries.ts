import type { Database, Transaction } from "@starling/db";

/** How a sign-in was proven: the password alone, or with a TOTP or recovery code. */
export type AuthenticationMethod = "password" | "otp" | "recovery_code";

/** One attempt in a user's sign-in history. */
export interface SignIn {
  id: string;
  userId: string;
  createdAt: Date;
  ip: string;
  userAgent: string;
  method: AuthenticationMethod;
  success: boolean;
  /** "" on success. */
  failureReason: string;
}

interface SignInRow {
  id: string;
  user_id: string;
  created_at: Date;
  ip: string;
  user_agent: string;
  authentication_method: AuthenticationMethod;
  success: boolean;
  failure_reason: string;
}

export async function insertSignIn(db: Database, trx: Transaction, signIn: SignIn): Promise<void> {
  await db.table("sign_ins", trx).insert({
    id: signIn.id,
    user_id: signIn.userId,
    created_at: signIn.createdAt,
    ip: signIn.ip,
    user_agent: signIn.userAgent,
    authentication_method: signIn.method,
    success: signIn.success,
    failure_reason: signIn.failureReason,
  });
}

/** The newest `limit` attempts of a user, newest first (ids are time-ordered). */
export async function listSignIns(db: Database, userId: string, limit: number): Promise<SignIn[]> {
  const rows: SignInRow[] = await db.table("sign_ins").where({ user_id: userId }).orderBy("id", "desc").limit(limit);
  return rows.map((row) => ({
    id: String(row.id),
    userId: String(row.user_id),
    createdAt: new Date(row.created_at),
    ip: row.ip,
    userAgent: row.user_agent,
    method: row.authentication_method,
    success: row.success,
    failureReason: row.failure_reason,
  }));
}

/** Whether the user ever signed in successfully from this IP address. */
export async function hasSignedInFrom(db: Database, userId: string, ip: string, trx?: Transaction): Promise<boolean> {
  return (await db.table("sign_ins", trx).where({ user_id: userId, ip, success: true }).first("id")) !== undefined;
}
