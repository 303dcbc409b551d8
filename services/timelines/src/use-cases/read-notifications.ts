import { parsePage, type PageInput, type PageLimits } from "@starling/paging";
import { notFound } from "@starling/runtime";
import { deleteNotifications, findNotification, notificationsPage } from "../data/notifications-queries.ts";
import type { Notification, NotificationFilter } from "../domain/notification.ts";
import type { FeedDeps } from "./feed-deps.ts";

/** Mastodon 4.0's notification pages: 15 by default, 30 at most. */
export const NOTIFICATION_PAGE_LIMITS: PageLimits = { default: 15, max: 30 };

/** One page of the recipient's notifications passing `filter`, newest first. */
export async function listNotifications(deps: Pick<FeedDeps, "db">, accountId: string, filter: NotificationFilter, input: PageInput | undefined): Promise<Notification[]> {
  return notificationsPage(deps.db, accountId, filter, parsePage(input, NOTIFICATION_PAGE_LIMITS));
}

/** One of the recipient's notifications; NOT_FOUND when it has no such one. */
export async function getNotification(deps: Pick<FeedDeps, "db">, accountId: string, id: string): Promise<Notification> {
  const notification = await findNotification(deps.db, accountId, id);
  if (!notification) throw notFound();
  return notification;
}

/** Dismisses one notification of the recipient; NOT_FOUND when it has no such one. */
export async function dismissNotification(deps: Pick<FeedDeps, "db">, accountId: string, id: string): Promise<void> {
  if ((await deleteNotifications(deps.db, accountId, id)) === 0) throw notFound();
}

/** Clears all of the recipient's notifications. */
export async function clearNotifications(deps: Pick<FeedDeps, "db">, accountId: string): Promise<void> {
  await deleteNotifications(deps.db, accountId);
}
