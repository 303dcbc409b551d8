import type { Webhook } from "@starling/proto/moderation/v1/webhooks";

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
