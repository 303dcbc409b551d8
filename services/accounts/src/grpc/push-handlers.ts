import type { AsyncHandlers } from "@starling/runtime";
import type { PushServiceServer } from "@starling/proto/accounts/v1/push";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { viewerAccountId } from "../use-cases/get-relationships.ts";
import { createPushSubscription, deletePushSubscription, getPushSubscription, updatePushSubscription, type PushSubscriptionView } from "../use-cases/push-subscriptions.ts";
import { vapidKeys } from "../use-cases/vapid-keys.ts";
import { recordActivity } from "../use-cases/record-activity.ts";
import { getNotificationEmails, updateNotificationEmails } from "../use-cases/notification-emails.ts";

const toProto = (s: PushSubscriptionView) => ({ id: s.id, endpoint: s.endpoint, alerts: s.alerts, serverKey: s.serverKey, policy: s.policy });

/** The PushService handlers: decode → use case → encode. */
export function pushHandlers(deps: AccountsDeps): AsyncHandlers<PushServiceServer> {
  return {
    createPushSubscription: async (request, ctx) => toProto(await createPushSubscription(deps, ctx.viewer, request)),
    getPushSubscription: async (_request, ctx) => toProto(await getPushSubscription(deps, ctx.viewer)),
    updatePushSubscription: async (request, ctx) => toProto(await updatePushSubscription(deps, ctx.viewer, request)),
    deletePushSubscription: async (_request, ctx) => {
      await deletePushSubscription(deps, ctx.viewer);
      return {};
    },
    getVapidKey: async () => ({ publicKey: (await vapidKeys(deps)).publicKey }),
    recordActivity: async (_request, ctx) => {
      await recordActivity(deps, viewerAccountId(ctx.viewer));
      return {};
    },
    getNotificationEmails: async (_request, ctx) => ({ types: await getNotificationEmails(deps, ctx.viewer) }),
    updateNotificationEmails: async (request, ctx) => ({ types: await updateNotificationEmails(deps, ctx.viewer, request.types) }),
  };
}
