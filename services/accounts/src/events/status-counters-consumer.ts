import type { Database, Transaction } from "@starling/db";
import { consumeEvents, TOPICS, type EventBus, type EventHandlers, type Subscription, enqueueEvents, outboxEvent } from "@starling/events";
import { statusDay } from "../domain/account.ts";
import { countStatusCreated, countStatusDeleted } from "../data/accounts-queries.ts";

/** Consumer group (and inbox consumer name) that keeps statuses_count and last_status_at. */
export const STATUS_COUNTERS_GROUP = "accounts.status-counters";

// Each handler runs inside the inbox transaction, so a redelivered event changes nothing.
const handlers: EventHandlers<{ db: Database; trx: Transaction }> = {
  "status.created": async (payload, envelope, { db, trx }) => {
    await countStatusCreated(db, trx, payload.accountId, statusDay(payload.createdAt ?? envelope.occurredAt ?? new Date()));
    await enqueueEvents(db, trx, [outboxEvent("accounts", "account.stats_changed", payload.accountId, { accountId: payload.accountId })]);
  },
  "status.deleted": async (payload, _envelope, { db, trx }) => {
    await countStatusDeleted(db, trx, payload.accountId);
    await enqueueEvents(db, trx, [outboxEvent("accounts", "account.stats_changed", payload.accountId, { accountId: payload.accountId })]);
  },
};

/** Subscribes the status-counter consumer to the statuses topic. */
export function startStatusCountersConsumer(db: Database, bus: EventBus): Promise<Subscription> {
  return consumeEvents(bus, {
    topics: [TOPICS.statuses],
    group: STATUS_COUNTERS_GROUP,
    fromBeginning: true,
    handlers,
    context: () => ({ db }),
    inbox: { db, recordUnhandled: true },
  });
}
