import type { Database, Transaction } from "@starling/db";

/** The self sign-up facts of a user (absent for users the CLI made). */
export interface Registration {
  userId: string;
  /** The app the user signed up with. */
  appId: string | null;
  confirmationTokenHash: string | null;
  confirmationSentAt: Date | null;
  approved: boolean;
  reason: string;
  agreedAt: Date | null;
  signUpIp: string | null;
  createdAt: Date;
}

interface RegistrationRow {
  user_id: string;
  app_id: string | null;
  confirmation_token_hash: string | null;
  confirmation_sent_at: Date | null;
  approved: boolean;
  reason: string;
  agreed_at: Date | null;
  sign_up_ip: string | null;
  created_at: Date;
}

const date = (value: Date | null) => (value === null ? null : new Date(value));

const toRegistration = (row: RegistrationRow): Registration => ({
  userId: String(row.user_id),
  appId: row.app_id === null ? null : String(row.app_id),
  confirmationTokenHash: row.confirmation_token_hash,
  confirmationSentAt: date(row.confirmation_sent_at),
  approved: row.approved,
  reason: row.reason,
  agreedAt: date(row.agreed_at),
  signUpIp: row.sign_up_ip,
  createdAt: new Date(row.created_at),
});

export async function insertRegistration(db: Database, trx: Transaction, registration: Registration): Promise<void> {
  await db.table("registrations", trx).insert({
    user_id: registration.userId,
    app_id: registration.appId,
    confirmation_token_hash: registration.confirmationTokenHash,
    confirmation_sent_at: registration.confirmationSentAt,
    approved: registration.approved,
    reason: registration.reason,
    agreed_at: registration.agreedAt,
    sign_up_ip: registration.signUpIp,
    created_at: registration.createdAt,
  });
}

export async function findRegistration(db: Database, userId: string, trx?: Transaction): Promise<Registration | undefined> {
  const row: RegistrationRow | undefined = await db.table("registrations", trx).where({ user_id: userId }).first();
  return row && toRegistration(row);
}

/**
 * Reads and locks a registration until the transaction ends. Confirming and approving both take
 * this lock first, so whichever commits second sees the other and announces the sign-up.
 */
export async function lockRegistration(db: Database, trx: Transaction, userId: string): Promise<Registration | undefined> {
  const row: RegistrationRow | undefined = await db.table("registrations", trx).where({ user_id: userId }).forUpdate().first();
  return row && toRegistration(row);
}

/** The registration a confirmation token belongs to, with its user's account and confirmation state. */
export async function findByConfirmationToken(db: Database, tokenHash: string): Promise<{ registration: Registration; accountId: string; confirmedAt: Date | null } | undefined> {
  const row: (RegistrationRow & { account_id: string; confirmed_at: Date | null }) | undefined = await db
    .table("registrations")
    .join("users as u", "u.id", "registrations.user_id")
    .where({ "registrations.confirmation_token_hash": tokenHash })
    .first("registrations.*", "u.account_id", "u.confirmed_at");
  return row && { registration: toRegistration(row), accountId: String(row.account_id), confirmedAt: date(row.confirmed_at) };
}

/** Replaces the pending confirmation token (a resend makes earlier links stop working). */
export async function setConfirmationToken(db: Database, trx: Transaction, userId: string, tokenHash: string, sentAt: Date): Promise<void> {
  await db.table("registrations", trx).where({ user_id: userId }).update({ confirmation_token_hash: tokenHash, confirmation_sent_at: sentAt });
}

/** Confirms the user's e-mail; false when it already was (so only one caller announces it). */
export async function markConfirmed(db: Database, trx: Transaction, userId: string, at: Date): Promise<boolean> {
  return (await db.table("users", trx).where({ id: userId }).whereNull("confirmed_at").update({ confirmed_at: at })) === 1;
}

/** Approves a pending user; false when there was nothing to approve. */
export async function markApproved(db: Database, trx: Transaction, userId: string): Promise<boolean> {
  return (await db.table("registrations", trx).where({ user_id: userId, approved: false }).update({ approved: true })) === 1;
}

/** Changes the address of a user who has not confirmed one yet. */
export async function changeUnconfirmedEmail(db: Database, trx: Transaction, userId: string, email: string): Promise<void> {
  await db.table("users", trx).where({ id: userId }).whereNull("confirmed_at").update({ email });
}

/** The app a sign-up comes through: its name and the scopes it registered with; undefined for an unknown app. */
export async function findSignUpApp(db: Database, appId: string): Promise<{ id: string; name: string; scopes: string[] } | undefined> {
  const row: { name: string; scopes: string } | undefined = await db.table("oauth_apps").where({ id: appId }).first("name", "scopes");
  return row && { id: appId, name: row.name, scopes: row.scopes.split(" ").filter((s) => s !== "") };
}
