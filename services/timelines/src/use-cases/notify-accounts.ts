import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { insertNotification } from "../data/notifications-queries.ts";
import { localAmong, recipientsMutingConversation, recipientsRefusing } from "../data/notification-rules-queries.ts";
import { notificationFacts } from "../data/statuses-index-queries.ts";
import { isSilenced } from "../data/account-restrictions-queries.ts";
import { onSilencedServer } from "../data/instance-silences-queries.ts";
import { whoFollows } from "../data/follows-queries.ts";
import type { NewNotification, Notification } from "../domain/notification.ts";
import type { FeedDeps } from "./feed-deps.ts";

/**
 * What one cause notifies: everything of a notification but its recipient, and the status's
 * conversation root when the event names it (otherwise the statuses index is asked).
 */
export type NotificationCause = Omit<NewNotification, "accountId"> & { conversationRootId?: string | undefined };

/**
 * Mastodon's NotifyService#blocked? for one cause: the recipients among `recipientIds` who may hear
 * of it. Local accounts only, never the account that acted (but a poll's author), nor, when staff
 * silenced it or its server, one that does not follow it, nor one that blocks it, mutes it with notifications hidden, blocks its domain, or muted the conversation
 * (`conversationRootId`) of the status it is about. Direct conversations follow the same rules.
 */
export async function recipientsToTell(deps: Pick<FeedDeps, "db">, trx: Transaction, recipientIds: readonly string[], cause: Pick<NotificationCause, "type" | "fromAccountId" | "conversationRootId">): Promise<string[]> {
  // The one exception to "not your own actions": a poll's author hears that it ended (as Mastodon).
  const others = [...new Set(recipientIds)].filter((id) => id !== cause.fromAccountId || cause.type === "poll");
  const local = await localAmong(deps.db, trx, others);
  // A silenced account, or one on a silenced server, reaches only its followers (Mastodon's
  // NotifyService); staff still hear of its reports and sign-up.
  const silenced = cause.type !== "admin.report" && cause.type !== "admin.sign_up" && ((await isSilenced(deps.db, trx, cause.fromAccountId)) || (await onSilencedServer(deps.db, trx, cause.fromAccountId)));
  const followers = silenced ? await whoFollows(deps.db, trx, local, cause.fromAccountId) : undefined;
  const candidates = followers ? local.filter((id) => followers.has(id) || id === cause.fromAccountId) : local;
  const refusing = await recipientsRefusing(deps.db, trx, candidates, cause.fromAccountId);
  const root = cause.conversationRootId;
  const mutingConversation = root ? await recipientsMutingConversation(deps.db, trx, candidates, root) : new Set<string>();
  return candidates.filter((id) => !refusing.has(id) && !mutingConversation.has(id));
}

/**
 * Stores one notification per recipient and, with each, a notification.created event in the
 * outbox (same transaction), to those {@link recipientsToTell} lets hear of it. The same cause
 * twice (a redelivered or repeated event) stores nothing more.
 * The seam for filters (the filters issue): a filtered status's notification is dropped here.
 */
export async function notifyAccounts(deps: FeedDeps, trx: Transaction, recipientIds: readonly string[], cause: NotificationCause): Promise<Notification[]> {
  const { conversationRootId, ...notification } = cause;
  const facts = cause.statusId ? await notificationFacts(deps.db, trx, cause.statusId) : undefined;
  // A status deleted before this event arrived takes its notifications with it (as status.deleted does).
  if (facts?.deleted) return [];
  const told = await recipientsToTell(deps, trx, recipientIds, { ...cause, conversationRootId: conversationRootId ?? facts?.conversationRootId });
  const stored: Notification[] = [];
  for (const accountId of told) {
    const created = await insertNotification(deps.db, trx, deps.newId(), { ...notification, accountId });
    if (created) stored.push(created);
  }
  await enqueueEvents(deps.db, trx, stored.map((n) => outboxEvent("timelines", "notification.created", n.accountId, {
    notificationId: n.id,
    accountId: n.accountId,
    type: n.type,
    fromAccountId: n.fromAccountId,
    statusId: n.statusId ?? undefined,
    reportId: n.reportId ?? undefined,
    createdAt: n.createdAt,
  })));
  return stored;
}
