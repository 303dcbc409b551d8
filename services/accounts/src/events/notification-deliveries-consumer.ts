import type { Transaction } from "@starling/db";
import { dispatchEvent, handleOnce, TOPICS, type EventBus, type EventHandlers, type Subscription } from "@starling/events";
import type { StatusTexts } from "../clients/status-texts.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { queueNotificationDeliveries } from "../use-cases/queue-notification-deliveries.ts";

/** Consumer group (and inbox consumer name) that queues pushes and e-mails for new notifications. */
export const NOTIFICATION_DELIVERIES_GROUP = "accounts.notification-deliveries";

// Runs inside handleOnce's transaction: a redelivered notification queues nothing twice.
const handlers: EventHandlers<{ deps: AccountsDeps; statusTexts: StatusTexts; trx: Transaction; queued: (n: number) => void }> = {
  "notification.created": async (payload, _envelope, { deps, statusTexts, trx, queued }) => queued(await queueNotificationDeliveries(deps, statusTexts, trx, payload)),
};

/**
 * Subscribes to the timelines topic, where notifications are announced, and wakes the delivery
 * worker when something was queued.
 */
export function startNotificationDeliveriesConsumer(deps: AccountsDeps, statusTexts: StatusTexts, bus: EventBus, wake: () => void): Promise<Subscription> {
  return bus.subscribe({
    topics: [TOPICS.timelines],
    group: NOTIFICATION_DELIVERIES_GROUP,
    fromBeginning: true,
    handler: async (envelope) => {
      let count = 0;
      await handleOnce(deps.db, NOTIFICATION_DELIVERIES_GROUP, envelope, (trx) => dispatchEvent(handlers, envelope, { deps, statusTexts, trx, queued: (n) => void (count = n) }).then(() => undefined));
      if (count > 0) wake();
    },
  });
}
