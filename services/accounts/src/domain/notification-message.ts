import type { Mail } from "../mail/mailer.ts";
import type { NotificationType } from "./notification-channels.ts";

/** Who caused a notification, as a message names and shows them. */
export interface Sender {
  /** Display name, or the username when there is none. */
  name: string;
  /** user or user@domain. */
  acct: string;
  avatarUrl: string;
  profileUrl: string;
}

/** A notification as the push and e-mail channels tell it. */
export interface NotificationFacts {
  notificationId: string;
  type: NotificationType;
  sender: Sender;
  /** The status's words (statusExcerpt), when there is a status and it could be read. */
  excerpt?: string | undefined;
}

const TITLES: Record<NotificationType, (name: string) => string> = {
  mention: (name) => `${name} mentioned you`,
  status: (name) => `${name} posted`,
  reblog: (name) => `${name} boosted your post`,
  follow: (name) => `${name} followed you`,
  follow_request: (name) => `${name} asked to follow you`,
  favourite: (name) => `${name} favourited your post`,
  poll: () => "A poll has ended",
  update: (name) => `${name} edited a post you boosted`,
  "admin.sign_up": (name) => `${name} signed up`,
  "admin.report": (name) => `${name} sent a report`,
};

/** One line saying what happened. */
export const notificationTitle = (facts: NotificationFacts): string => TITLES[facts.type](facts.sender.name);

/** The JSON a subscriber's service worker receives, in Mastodon's shape (its clients read these names). */
export interface PushPayload {
  access_token: string;
  preferred_locale: string;
  notification_id: string;
  notification_type: NotificationType;
  icon: string;
  title: string;
  body: string;
}

/** The push payload; its body quotes the status, or names the sender when there is none to quote. */
export function pushPayload(facts: NotificationFacts, accessToken: string, locale: string): PushPayload {
  return {
    access_token: accessToken,
    preferred_locale: locale || "en",
    notification_id: facts.notificationId,
    notification_type: facts.type,
    icon: facts.sender.avatarUrl,
    title: notificationTitle(facts),
    body: facts.excerpt || `@${facts.sender.acct}`,
  };
}

/** The notification e-mail to a user who is away. */
export function notificationMail(facts: NotificationFacts, to: string): Mail {
  const title = notificationTitle(facts);
  return {
    to,
    subject: title,
    text: [title, "", ...(facts.excerpt ? [facts.excerpt, ""] : []), `@${facts.sender.acct}: ${facts.sender.profileUrl}`, "", "You get this e-mail because you were away; the preferences of your account say which notifications are e-mailed."].join("\n"),
  };
}
