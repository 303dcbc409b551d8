import type { Transaction } from "@starling/db";
import type { NotificationCreated } from "@starling/proto/timelines/v1/notification_events";
import { emailPreferences, isAway, NOTIFICATION_TYPES, policyAllows, type NotificationType } from "../domain/notification-channels.ts";
import { notificationMail, pushPayload, type NotificationFacts, type Sender } from "../domain/notification-message.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { findEdge } from "../data/follows-queries.ts";
import { enqueueDeliveries, type Delivery } from "../data/notification-deliveries-queries.ts";
import { livePushSubscriptionsOf } from "../data/push-subscriptions-queries.ts";
import { findMailRecipient } from "../data/user-activity-queries.ts";
import type { StatusTexts } from "../clients/status-texts.ts";
import type { AccountsDeps } from "./deps.ts";

// A notification older than this is not pushed or mailed (a consumer group reset or a long outage
// would otherwise wake people for things they have long seen in the app).
const STALE_AFTER_MS = 24 * 3600_000;

/**
 * Turns one stored notification into pushes for the recipient's subscriptions that want it (alerts,
 * policy) and, when the recipient is away and wants this type by e-mail, one e-mail, quoting the
 * status when there is one (read before anything is queued). Runs in the
 * consumer's inbox transaction, so a redelivered event queues nothing twice and a crash queues
 * nothing half; the delivery worker sends them.
 */
export async function queueNotificationDeliveries(deps: AccountsDeps, statusTexts: StatusTexts, trx: Transaction, event: NotificationCreated): Promise<number> {
  const type = event.type as NotificationType;
  if (!NOTIFICATION_TYPES.includes(type)) return 0;
  const now = deps.now();
  if (event.createdAt && now.getTime() - event.createdAt.getTime() > STALE_AFTER_MS) return 0;
  const recipient = await findMailRecipient(deps.db, trx, event.accountId);
  if (!recipient) return 0;
  const sender = await senderOf(deps, trx, event.fromAccountId);
  if (!sender) return 0;
  let subscriptions = (await livePushSubscriptionsOf(deps.db, trx, event.accountId)).filter((s) => s.alerts[type] === true);
  if (subscriptions.length > 0) {
    const relation = await relationBetween(deps, trx, event.accountId, event.fromAccountId);
    subscriptions = subscriptions.filter((s) => policyAllows(s.policy, relation));
  }
  const mail = recipient.confirmed && emailPreferences(recipient.notificationEmails)[type] && isAway(recipient.lastActiveAt, now);
  if (subscriptions.length === 0 && !mail) return 0;
  const excerpt = event.statusId ? await statusTexts.excerptFor(event.statusId, event.accountId) : undefined;
  const facts: NotificationFacts = { notificationId: event.notificationId, type, sender, excerpt };
  const base = { attempts: 0, dueAt: now, createdAt: now, accountId: event.accountId };
  const deliveries: Delivery[] = subscriptions.map((s) => ({ ...base, id: deps.newId(), channel: "push", subscriptionId: s.id, message: pushPayload(facts, s.accessToken, recipient.locale) }));
  if (mail) deliveries.push({ ...base, id: deps.newId(), channel: "email", subscriptionId: null, message: notificationMail(facts, recipient.email) });
  await enqueueDeliveries(deps.db, trx, deliveries);
  return deliveries.length;
}

async function senderOf(deps: AccountsDeps, trx: Transaction, accountId: string): Promise<Sender | undefined> {
  const account = await findAccount(deps.db, accountId, trx);
  if (!account) return undefined;
  const profileUrl = account.url ?? deps.urls.profileUrl(account.username);
  return {
    name: account.displayName || account.username,
    acct: account.domain ? `${account.username}@${account.domain}` : account.username,
    // The gateway serves the missing avatar at this path on every instance.
    avatarUrl: account.avatar?.staticUrl ?? new URL("/avatars/original/missing.png", deps.urls.profileUrl(account.username)).href,
    profileUrl,
  };
}

async function relationBetween(deps: AccountsDeps, trx: Transaction, recipientId: string, senderId: string) {
  const [followed, follower] = await Promise.all([findEdge(deps.db, "follows", recipientId, senderId, trx), findEdge(deps.db, "follows", senderId, recipientId, trx)]);
  return { followed: followed !== undefined, follower: follower !== undefined };
}
