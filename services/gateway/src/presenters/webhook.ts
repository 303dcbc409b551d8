import type { Webhook, WebhookDelivery } from "@starling/proto/moderation/v1/webhooks";

/** Admin::Webhook, as later Mastodon renders it (Starling's admin API goes beyond 4.0's web-only UI). */
export const presentWebhook = (webhook: Webhook) => ({
  id: webhook.id,
  url: webhook.url,
  events: webhook.events,
  enabled: webhook.enabled,
  secret: webhook.secret,
  created_at: webhook.createdAt!.toISOString(),
  updated_at: webhook.updatedAt!.toISOString(),
});

/** One delivery of a webhook's history (beyond Mastodon, which keeps none); absent values null. */
export const presentWebhookDelivery = (delivery: WebhookDelivery) => ({
  id: delivery.id,
  event: delivery.event,
  state: delivery.state,
  attempts: delivery.attempts,
  last_response_code: delivery.lastStatus ?? null,
  last_error: delivery.lastError ?? null,
  created_at: delivery.createdAt!.toISOString(),
  last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
  next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
  finished_at: delivery.finishedAt?.toISOString() ?? null,
});
