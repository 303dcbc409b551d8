/** The `notifications` table: what each account was told, newest first. */
import type { Database, Transaction } from "@starling/db";
import { readPage, type Page } from "@starling/paging";
import type { NewNotification, Notification, NotificationFilter, NotificationType } from "../domain/notification.ts";

interface NotificationRow {
  id: string;
  account_id: string;
  type: string;
  from_account_id: string;
  status_id: string | null;
  report_id: string | null;
  created_at: Date;
}

const toNotification = (row: NotificationRow): Notification => ({
  id: String(row.id),
  accountId: String(row.account_id),
  type: row.type as NotificationType,
  fromAccountId: String(row.from_account_id),
  statusId: row.status_id === null ? null : String(row.status_id),
  reportId: row.report_id === null ? null : String(row.report_id),
  createdAt: new Date(row.created_at),
});

const COLUMNS = ["id", "account_id", "type", "from_account_id", "status_id", "report_id", "created_at"];

/** Stores a notification unless its recipient already has one for the same activity; resolves the stored one, if new. */
export async function insertNotification(db: Database, trx: Transaction, id: string, notification: NewNotification): Promise<Notification | undefined> {
  const rows: NotificationRow[] = await db
    .table("notifications", trx)
    .insert({
      id,
      account_id: notification.accountId,
      type: notification.type,
      from_account_id: notification.fromAccountId,
      status_id: notification.statusId ?? null,
      report_id: notification.reportId ?? null,
      activity: notification.activity,
      created_at: notification.createdAt,
    })
    .onConflict(["account_id", "activity"])
    .ignore()
    .returning(COLUMNS);
  return rows[0] && toNotification(rows[0]);
}

/** One page of `accountId`'s notifications that pass `filter`, newest first. */
export async function notificationsPage(db: Database, accountId: string, filter: NotificationFilter, page: Page): Promise<Notification[]> {
  const query = db.table("notifications").where({ account_id: accountId }).select(COLUMNS);
  if (filter.types.length > 0) query.whereIn("type", filter.types);
  if (filter.excludeTypes.length > 0) query.whereNotIn("type", filter.excludeTypes);
  if (filter.fromAccountId) query.where({ from_account_id: filter.fromAccountId });
  return (await readPage<NotificationRow>(query, "id", page)).map(toNotification);
}

/** `accountId`'s notification `id`, if it has one. */
export async function findNotification(db: Database, accountId: string, id: string): Promise<Notification | undefined> {
  const row: NotificationRow | undefined = await db.table("notifications").where({ account_id: accountId, id }).first(COLUMNS);
  return row && toNotification(row);
}

/** Removes `accountId`'s notifications: one (`id`) or all; resolves how many went. */
export async function deleteNotifications(db: Database, accountId: string, id?: string): Promise<number> {
  const query = db.table("notifications").where({ account_id: accountId });
  if (id !== undefined) query.where({ id });
  return query.delete();
}

/** Removes every notification about a status (it was deleted), as Mastodon's notifications go with their status. */
export async function deleteNotificationsAbout(db: Database, trx: Transaction, statusId: string): Promise<void> {
  await db.table("notifications", trx).where({ status_id: statusId }).delete();
}

/** Removes the notification of one activity, e.g. a follow request that was answered or withdrawn. */
export async function deleteNotificationOf(db: Database, trx: Transaction, accountId: string, activity: string): Promise<void> {
  await db.table("notifications", trx).where({ account_id: accountId, activity }).delete();
}
