/**
 * The consumer that keeps the read models, home feeds and notifications: follows and staff
 * restrictions from starling.accounts.v1, statuses from starling.statuses.v1, reports from
 * starling.moderation.v1. Every event goes through the inbox, so a
 * redelivery is a no-op, and every handler tolerates disorder (tombstones, event times, per-author
 * locks). An event's notification handler runs before its feed handler, in one transaction. The
 * stream messages a handler produces are published once its transaction has committed.
 */
import type { Transaction } from "@starling/db";
import { consumeEvents, TOPICS, type EventBus, type EventEnvelope, type EventHandlers, type Subscription } from "@starling/events";
import { applyHideEnded, applyHideStarted } from "../use-cases/apply-block-or-mute.ts";
import { applyFollowAccepted, applyFollowRemoved } from "../use-cases/apply-follow-change.ts";
import { applyStatusCreated } from "../use-cases/apply-status-created.ts";
import { applyStatusDeleted } from "../use-cases/apply-status-deleted.ts";
import { applyStatusUpdated } from "../use-cases/apply-status-updated.ts";
import { applyAccountRestricted, applyAccountSuspended, applyAccountUnsuspended } from "../use-cases/apply-account-restriction.ts";
import type { FeedDeps } from "../use-cases/feed-deps.ts";
import { StreamOutbox } from "../use-cases/stream-outbox.ts";
import { notificationHandlers } from "./notification-handlers.ts";

/** Consumer group, also the consumer name in the inbox table. */
export const FEED_CONSUMER = "timelines.feeds";

const occurredAt = (envelope: EventEnvelope) => envelope.occurredAt ?? new Date(0);

/** What each handled event does to read models and feeds, inside its inbox transaction. */
const handlers: EventHandlers<{ deps: FeedDeps; trx: Transaction }> = {
  "follow.accepted": (follow, envelope, { deps, trx }) => applyFollowAccepted(deps, trx, { ...follow, occurredAt: occurredAt(envelope) }),
  "follow.removed": (follow, envelope, { deps, trx }) =>
    applyFollowRemoved(deps, trx, { ...follow, showReblogs: false, notify: false, occurredAt: occurredAt(envelope) }),
  "block.created": (block, envelope, { deps, trx }) => applyHideStarted(deps, trx, { ...block, kind: "block", expiresAt: null, occurredAt: occurredAt(envelope) }),
  "block.removed": (block, envelope, { deps, trx }) => applyHideEnded(deps, trx, { ...block, kind: "block", expiresAt: null, occurredAt: occurredAt(envelope) }),
  "mute.created": (mute, envelope, { deps, trx }) =>
    applyHideStarted(deps, trx, { accountId: mute.accountId, targetAccountId: mute.targetAccountId, kind: "mute", expiresAt: mute.expiresAt ?? null, hideNotifications: mute.hideNotifications, occurredAt: occurredAt(envelope) }),
  "mute.removed": (mute, envelope, { deps, trx }) => applyHideEnded(deps, trx, { ...mute, kind: "mute", expiresAt: null, occurredAt: occurredAt(envelope) }),
  "status.created": (status, _envelope, { deps, trx }) =>
    applyStatusCreated(deps, trx, {
      id: status.statusId,
      accountId: status.accountId,
      visibility: status.visibility,
      local: status.local,
      inReplyToId: status.inReplyToId,
      inReplyToAccountId: status.inReplyToAccountId,
      createdAt: status.createdAt,
      mentionedAccountIds: status.mentionedAccountIds,
      reblogOfId: status.reblogOfId,
      reblogOfAccountId: status.reblogOfAccountId,
      conversationRootId: status.conversationRootId,
      tags: status.tags,
      hasMedia: status.hasMedia,
    }),
  "status.deleted": (status, _envelope, { deps, trx }) => applyStatusDeleted(deps, trx, { ...status, id: status.statusId }),
  "status.updated": (status, envelope, { deps, trx }) => applyStatusUpdated(deps, trx, { ...status, id: status.statusId, editedAt: status.editedAt ?? occurredAt(envelope) }),
  "account.suspended": (account, envelope, { deps, trx }) => applyAccountSuspended(deps, trx, account.accountId, occurredAt(envelope)),
  "account.unsuspended": (account, envelope, { deps, trx }) => applyAccountUnsuspended(deps, trx, account.accountId, occurredAt(envelope)),
  "account.restricted": (account, envelope, { deps, trx }) => applyAccountRestricted(deps, trx, account.accountId, account.silenced, occurredAt(envelope)),
};

/** Subscribes the feed consumer; it reads both topics from their beginning on first start. */
export async function startFeedConsumer(bus: EventBus, deps: FeedDeps): Promise<Subscription> {
  return consumeEvents(bus, {
    topics: [TOPICS.accounts, TOPICS.statuses, TOPICS.moderation],
    group: FEED_CONSUMER,
    fromBeginning: true,
    // Notifications first: they read the read models as they were before this event. Types this
    // consumer ignores leave no inbox row behind.
    handlers: [notificationHandlers, handlers],
    context: () => ({ deps: { ...deps, stream: new StreamOutbox() } }),
    inbox: { db: deps.db },
    after: async ({ deps: { stream } }) => {
      deps.nudgeRelay();
      await stream.publish(deps.kv);
    },
  });
}
