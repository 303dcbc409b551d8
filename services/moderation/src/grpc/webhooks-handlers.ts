import type { Webhook as WebhookMessage, WebhooksServiceServer } from "@starling/proto/moderation/v1/webhooks";
import type { AsyncHandlers } from "@starling/runtime";
import type { Webhook } from "../domain/webhook.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";
import { createWebhook, deleteWebhook, getWebhook, getWebhookDeliveries, getWebhooks, rotateWebhookSecret, setWebhookEnabled, updateWebhook } from "../use-cases/manage-webhooks.ts";
import { callerOf } from "./caller-of.ts";

const webhookToProto = (webhook: Webhook): WebhookMessage => ({ ...webhook });

/** WebhooksService: decode → use case → encode. */
export function webhooksHandlers(deps: ModerationDeps): AsyncHandlers<WebhooksServiceServer> {
  return {
    listWebhooks: async (_request, ctx) => ({ webhooks: (await getWebhooks(deps, callerOf(ctx))).map(webhookToProto) }),
    getWebhook: async (request, ctx) => webhookToProto(await getWebhook(deps, callerOf(ctx), request.id)),
    createWebhook: async (request, ctx) => webhookToProto(await createWebhook(deps, callerOf(ctx), request)),
    updateWebhook: async (request, ctx) => webhookToProto(await updateWebhook(deps, callerOf(ctx), request.id, request)),
    deleteWebhook: async (request, ctx) => {
      await deleteWebhook(deps, callerOf(ctx), request.id);
      return {};
    },
    setWebhookEnabled: async (request, ctx) => webhookToProto(await setWebhookEnabled(deps, callerOf(ctx), request.id, request.enabled)),
    rotateWebhookSecret: async (request, ctx) => webhookToProto(await rotateWebhookSecret(deps, callerOf(ctx), request.id)),
    listWebhookDeliveries: async (request, ctx) => ({ deliveries: await getWebhookDeliveries(deps, callerOf(ctx), request.id, request.page) }),
  };
}
