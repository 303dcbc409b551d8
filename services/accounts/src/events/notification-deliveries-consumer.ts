import type { Transaction } from "@starling/db";
import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { StatusTexts } from "../clients/status-texts.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { queueNotificationDeliveries } from "../use-cases/queue-notification-deliveries.ts";
import { queueAppealMails, queueModerationMail } from "../use-cases/queue-moderation-mail.ts";
import { appealMail, strikeMail } from "../domain/moderation-mail.ts";
import { trendsReviewMail } from "../domain/trends-review-mail.ts";

/** Consumer group (and inbox consumer name) that queues pushes and e-mails for new notifications. */
export const NOTIFICATION_DELIVERIES_GROUP = "accounts.notification-deliveries";

// Runs inside the inbox transaction: a redelivered notification queues nothing twice.
const handlers: EventHandlers<{ deps: AccountsDeps; statusTexts: StatusTexts; trx: Transaction; queued: (n: number) => void }> = {
  "notification.created": async (payload, _envelope, { deps, statusTexts, trx, queued }) => queued(await queueNotificationDeliveries(deps, statusTexts, trx, payload)),
  // Moderators' decisions and appeal outcomes are mailed to the user (strikes only when staff asked).
  "strike.created": async (strike, _envelope, { deps, trx, queued }) => {
    if (strike.sendEmail) queued(await queueModerationMail(deps, trx, strike.targetAccountId, (to) => strikeMail(to, strike)));
  },
  "appeal.resolved": async (appeal, _envelope, { deps, trx, queued }) => queued(await queueModerationMail(deps, trx, appeal.accountId, (to) => appealMail(to, appeal.approved))),
  "appeal.created": async (appeal, _envelope, { deps, trx, queued }) => queued(await queueAppealMails(deps, trx, appeal)),
  // Trend candidates awaiting review: each staff member the trends service named is mailed.
  "trends.review_requested": async (request, _envelope, { deps, trx, queued }) => {
    let count = 0;
    for (const accountId of request.staffAccountIds) count += await queueModerationMail(deps, trx, accountId, (to) => trendsReviewMail(to, request));
    queued(count);
  },
};

/**
 * Subscribes to the timelines topic, where notifications are announced, and the moderation and
 * trends topics, whose decisions and review requests are mailed, and wakes the delivery worker when something was queued.
 */
export function startNotificationDeliveriesConsumer(deps: AccountsDeps, statusTexts: StatusTexts, bus: EventBus, wake: () => void): Promise<Subscription> {
  return consumeEvents(bus, {
    topics: [TOPICS.timelines, TOPICS.moderation, TOPICS.trends],
    group: NOTIFICATION_DELIVERIES_GROUP,
    fromBeginning: true,
    handlers,
    context: () => {
      let count = 0;
      return { deps, statusTexts, queued: (n: number) => void (count = n), anyQueued: () => count > 0 };
    },
    inbox: { db: deps.db, recordUnhandled: true },
    // The worker is woken once the inbox transaction has committed what it will find.
    after: (message) => void (message.anyQueued() && wake()),
  });
}
