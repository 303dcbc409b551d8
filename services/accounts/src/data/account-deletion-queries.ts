import type { Database, Transaction } from "@starling/db";

/**
 * Deletes a rejected sign-up's account row and what only it referenced (its revoked tokens and
 * their push subscriptions, queued deliveries): run after {@link eraseUserData}, the username is free.
 */
export async function deleteAccountRow(db: Database, trx: Transaction, accountId: string): Promise<void> {
  await db.table("notification_deliveries", trx).where({ account_id: accountId }).delete();
  await db.table("push_subscriptions", trx).where({ account_id: accountId }).delete();
  await db.table("oauth_tokens", trx).where({ account_id: accountId }).delete();
  await db.table("accounts", trx).where({ id: accountId }).delete();
}

/** Tables of edges between two accounts (account_id → target_account_id). */
export type EdgeTable = "follows" | "follow_requests" | "blocks" | "mutes" | "endorsements" | "account_notes";

/** One edge: `accountId` → `targetAccountId`. */
export interface Edge {
  accountId: string;
  targetAccountId: string;
}

/** When the account was deleted; null when it was not, undefined when there is no such account. */
export async function findDeletedAt(db: Database, accountId: string, trx?: Transaction): Promise<Date | null | undefined> {
  const row: { deleted_at: Date | string | null } | undefined = await db.table("accounts", trx).where({ id: accountId }).first("deleted_at");
  if (!row) return undefined;
  return row.deleted_at === null ? null : new Date(row.deleted_at);
}

/**
 * Turns a live account into a tombstone: deleted and suspended (an earlier suspension keeps its
 * time), profile emptied (images and declared identities too), counters at zero, not locked. Only the first call wins, so concurrent
 * deletes cannot both go on to announce it; false when the account was already deleted.
 */
export async function markAccountDeleted(db: Database, trx: Transaction, accountId: string, at: Date): Promise<boolean> {
  const changed = await db
    .table("accounts", trx)
    .where({ id: accountId })
    .whereNull("deleted_at")
    .update({
      deleted_at: at,
      suspended_at: db.knex.raw("coalesce(suspended_at, ?)", [at]),
      display_name: "",
      note: "",
      note_source: "",
      fields: "[]",
      emoji_shortcodes: "[]",
      also_known_as: "[]",
      avatar_url: null,
      avatar_static_url: null,
      header_url: null,
      header_static_url: null,
      locked: false,
      discoverable: false,
      indexable: false,
      followers_count: 0,
      following_count: 0,
      statuses_count: 0,
    });
  return changed === 1;
}

/** The edges of `table` that start or end at the account, locked until the transaction ends. */
export async function edgesTouching(db: Database, trx: Transaction, table: EdgeTable, accountId: string): Promise<Edge[]> {
  const rows: { account_id: string; target_account_id: string }[] = await db
    .table(table, trx)
    .where({ account_id: accountId })
    .orWhere({ target_account_id: accountId })
    .forUpdate()
    .select("account_id", "target_account_id");
  return rows.map((row) => ({ accountId: String(row.account_id), targetAccountId: String(row.target_account_id) }));
}

/** Deletes every edge of `table` that starts or ends at the account (for edges nobody is told about). */
export async function deleteEdgesTouching(db: Database, trx: Transaction, table: EdgeTable, accountId: string): Promise<void> {
  await db.table(table, trx).where({ account_id: accountId }).orWhere({ target_account_id: accountId }).delete();
}

// Rows that belong to the account alone and mean nothing once it is deleted.
const ACCOUNT_OWNED = ["account_settings", "account_aliases", "profile_link_checks", "account_domain_blocks"] as const;
// Rows hanging off the user, deleted before the user row they reference.
const USER_OWNED = ["two_factor_secrets", "recovery_codes", "sign_ins", "registrations"] as const;

/**
 * Removes the local user behind the account (credentials, 2FA, sign-in history, sign-up record,
 * pending authorization codes), revokes every token issued for the account, and drops the
 * account's own settings. The e-mail address is free again afterwards; the username is not, as the
 * account row stays.
 */
export async function eraseUserData(db: Database, trx: Transaction, accountId: string, at: Date): Promise<void> {
  await db.table("oauth_tokens", trx).where({ account_id: accountId }).whereNull("revoked_at").update({ revoked_at: at });
  await db.table("oauth_authorization_codes", trx).where({ account_id: accountId }).delete();
  for (const table of ACCOUNT_OWNED) await db.table(table, trx).where({ account_id: accountId }).delete();
  const user: { id: string } | undefined = await db.table("users", trx).where({ account_id: accountId }).first("id");
  if (!user) return;
  for (const table of USER_OWNED) await db.table(table, trx).where({ user_id: user.id }).delete();
  await db.table("users", trx).where({ id: user.id }).delete();
}
