import { consumeEvents, TOPICS, type EventBus, type EventEnvelope, type EventHandlers, type Subscription } from "@starling/events";
import { findReport } from "../data/reports-queries.ts";
import { queueDeliveries } from "../data/webhook-deliveries-queries.ts";
import { webhooksHearing } from "../data/webhooks-queries.ts";
import type { WebhookEvent } from "../domain/webhook.ts";
import { reportToProto } from "../grpc/reports-handlers.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";
import type { WebhookObjects } from "../webhooks/webhook-objects.ts";

/** Consumer group of the events admin webhooks hear. */
export const WEBHOOK_EVENTS_GROUP = "moderation.webhooks";

/** What the handlers run with. */
interface Context {
  deps: ModerationDeps;
  objects: WebhookObjects;
}

/** What an event is to webhooks: its name and how to render its object (undefined: nothing to send). */
type Heard = { event: WebhookEvent; render: () => Promise<Record<string, unknown> | undefined> };

/**
 * Queues one delivery per enabled webhook hearing the event, the body rendered once when the event
 * is heard (Mastodon renders it when the event happens). The (webhook, event id) key makes a
 * redelivered event queue nothing new. The request that caused the event has long been answered.
 */
async function hear(ctx: Context, envelope: EventEnvelope, heard: Heard): Promise<void> {
  const hooks = await webhooksHearing(ctx.deps.db, heard.event);
  if (hooks.length === 0) return;
  const object = await heard.render();
  if (!object) return;
  const now = ctx.deps.now();
  const body = JSON.stringify({ event: heard.event, created_at: (envelope.occurredAt ?? now).toISOString(), object });
  await queueDeliveries(
    ctx.deps.db,
    hooks.map((hook) => ({ id: ctx.deps.newId(), webhookId: hook.id, eventId: envelope.id, event: heard.event, body, at: now })),
  );
  ctx.deps.nudgeWebhooks();
}

// Only local accounts and statuses are announced, as Mastodon does.
const localAccount = (object: Record<string, unknown> | undefined) => (object && object.domain === null ? object : undefined);

const handlers: EventHandlers<Context> = {
  "account.created": (p, e, ctx) => (p.domain === undefined ? hear(ctx, e, { event: "account.created", render: () => ctx.objects.account(p.accountId) }) : Promise.resolve()),
  "account.updated": (p, e, ctx) => hear(ctx, e, { event: "account.updated", render: async () => localAccount(await ctx.objects.account(p.accountId)) }),
  // user.signed_up: the user became active, confirmed and approved (Mastodon's account.approved).
  "user.signed_up": (p, e, ctx) => hear(ctx, e, { event: "account.approved", render: () => ctx.objects.account(p.accountId) }),
  "status.created": (p, e, ctx) => (p.local ? hear(ctx, e, { event: "status.created", render: () => ctx.objects.status(p.statusId, p.accountId) }) : Promise.resolve()),
  "status.updated": (p, e, ctx) => (p.local ? hear(ctx, e, { event: "status.updated", render: () => ctx.objects.status(p.statusId, p.accountId) }) : Promise.resolve()),
  "report.created": (p, e, ctx) => hear(ctx, e, { event: "report.created", render: () => renderReport(ctx, p.reportId) }),
  "report.updated": (p, e, ctx) => hear(ctx, e, { event: "report.updated", render: () => renderReport(ctx, p.reportId) }),
};

async function renderReport(ctx: Context, id: string): Promise<Record<string, unknown> | undefined> {
  const report = await findReport(ctx.deps.db, id);
  return report && ctx.objects.report(reportToProto(report));
}

/**
 * Subscribes moderation's webhook worker to the topics of the services that own the events
 * (accounts, statuses, and its own reports) through the event bus, so it runs embedded too. Only
 * events after the first start are heard: a new server does not replay its history to webhooks.
 */
export function startWebhookEventsConsumer(deps: ModerationDeps, objects: WebhookObjects, bus: EventBus): Promise<Subscription> {
  return consumeEvents(bus, {
    topics: [TOPICS.accounts, TOPICS.statuses, TOPICS.moderation],
    group: WEBHOOK_EVENTS_GROUP,
    fromBeginning: false,
    handlers,
    context: () => ({ deps, objects }),
  });
}
