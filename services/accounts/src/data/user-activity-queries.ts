import type { Database, Transaction } from "@starling/db";

/** What deciding on a notification e-mail needs to know about its recipient. */
export interface MailRecipient {
  email: string;
  locale: string;
  confirmed: boolean;
  lastActiveAt: Date | null;
  /** Notification type → wanted, as the user set it (types not named take the defaults). */
  notificationEmails: Record<string, boolean>;
}

/**
 * Records activity at `at`, writing only when the stored time is a minute older or more: the
 * gateway already calls at most once a minute per account, and several gateway replicas then still
 * cost one write a minute (a row another transaction holds is skipped: that minute is noted
 * already or will be by the next call). Answers the user, the activity time it replaced (null:
 * none before) and the user's locale when it wrote, undefined when it did not.
 */
export async function touchActivity(db: Database, trx: Transaction, accountId: string, at: Date): Promise<{ userId: string; previous: Date | null; locale: string } | undefined> {
  const before: { id: string; last_active_at: Date | null; locale: string } | undefined = await db
    .table("users", trx)
    .where({ account_id: accountId })
    .andWhere((q) => q.whereNull("last_active_at").orWhere("last_active_at", "<=", new Date(at.getTime() - 60_000)))
    .forUpdate()
    .skipLocked()
    .first("id", "last_active_at", "locale");
  if (!before) return undefined;
  await db.table("users", trx).where({ id: before.id }).update({ last_active_at: at });
  return { userId: String(before.id), previous: before.last_active_at === null ? null : new Date(before.last_active_at), locale: before.locale };
}

/** The local user of `accountId` as a mail recipient; undefined for remote accounts. */
export async function findMailRecipient(db: Database, trx: Transaction, accountId: string): Promise<MailRecipient | undefined> {
  const row: { email: string; locale: string; confirmed_at: Date | null; last_active_at: Date | null; notification_emails: string } | undefined = await db
    .table("users", trx)
    .where({ account_id: accountId })
    .first("email", "locale", "confirmed_at", "last_active_at", "notification_emails");
  if (!row) return undefined;
  return {
    email: row.email,
    locale: row.locale,
    confirmed: row.confirmed_at !== null,
    lastActiveAt: row.last_active_at === null ? null : new Date(row.last_active_at),
    notificationEmails: JSON.parse(row.notification_emails) as Record<string, boolean>,
  };
}

/** What the user set for notification e-mails (types not named take the defaults). */
export async function findNotificationEmails(db: Database, accountId: string): Promise<Record<string, boolean> | undefined> {
  const row: { notification_emails: string } | undefined = await db.table("users").where({ account_id: accountId }).first("notification_emails");
  return row && (JSON.parse(row.notification_emails) as Record<string, boolean>);
}

export async function setNotificationEmails(db: Database, accountId: string, preferences: Record<string, boolean>): Promise<void> {
  await db.table("users").where({ account_id: accountId }).update({ notification_emails: JSON.stringify(preferences) });
}
