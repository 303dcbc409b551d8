/** Mastodon 4.0's notification types, in its documentation's order. */
export const NOTIFICATION_TYPES = ["mention", "status", "reblog", "follow", "follow_request", "favourite", "poll", "update", "admin.sign_up", "admin.report"] as const;

/** One of {@link NOTIFICATION_TYPES}. */
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A stored notification. */
export interface Notification {
  id: string;
  /** The recipient. */
  accountId: string;
  type: NotificationType;
  /** Who caused it (the poll's author for `poll`, the new user for `admin.sign_up`). */
  fromAccountId: string;
  statusId: string | null;
  reportId: string | null;
  createdAt: Date;
}

/** A notification to store, before it has an id: `activity` names its cause, once per recipient. */
export interface NewNotification {
  accountId: string;
  type: NotificationType;
  fromAccountId: string;
  statusId?: string | undefined;
  reportId?: string | undefined;
  activity: string;
  createdAt: Date;
}

/** Which notifications a list shows (Mastodon's types[], exclude_types[] and account_id). */
export interface NotificationFilter {
  types: readonly string[];
  excludeTypes: readonly string[];
  fromAccountId?: string | undefined;
}
