import webpush from "web-push";
import type { Transaction } from "@starling/db";
import { publicFetch, type Logger } from "@starling/runtime";
import { retryDelayMs } from "../domain/notification-channels.ts";
import type { Mail } from "../mail/mailer.ts";
import { deleteDelivery, lockDueDeliveries, postponeDelivery, type Delivery } from "../data/notification-deliveries-queries.ts";
import { deletePushSubscriptions, findPushSubscription } from "../data/push-subscriptions-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { vapidKeys } from "./vapid-keys.ts";

/** How pushes leave: the VAPID subject and whether test endpoints on loopback are reachable. */
export interface PushSettings {
  /** mailto: or https: URL push services may contact about this sender (RFC 8292 `sub`). */
  subject: string;
  /** Reach http:// and private-address endpoints (tests on 127.0.0.1 only). */
  allowPrivate: boolean;
}

// "dropped": the push service refused this message for good (a 4xx other than 404, 408, 410, 429).
type Outcome = "sent" | "gone" | "dropped" | "retry";

// Per pass: rows stay locked while their requests run, so a pass is kept short.
export const DELIVERY_BATCH = 20;

/**
 * Sends the deliveries that are due, each once: sent ones are deleted, a subscription the push
 * service says is gone (404, 410) is removed with its pending pushes, other failures are retried
 * with backoff and given up after the last delay. Returns how many were handled.
 */
export async function sendDueDeliveries(deps: AccountsDeps, push: PushSettings, logger: Logger): Promise<number> {
  return deps.db.transaction(async (trx) => {
    const due = await lockDueDeliveries(deps.db, trx, deps.now(), DELIVERY_BATCH);
    for (const delivery of due) {
      const outcome = await attempt(deps, trx, push, delivery).catch((error: unknown) => {
        logger.warn({ err: error, delivery: delivery.id, channel: delivery.channel }, "notification delivery failed");
        return "retry" as const;
      });
      if (outcome === "sent" || outcome === "dropped") await deleteDelivery(deps.db, trx, delivery.id);
      else if (outcome === "gone") await deletePushSubscriptions(deps.db, trx, [delivery.subscriptionId!]);
      else {
        const delay = retryDelayMs(delivery.attempts + 1);
        if (delay === undefined) await deleteDelivery(deps.db, trx, delivery.id);
        else await postponeDelivery(deps.db, trx, delivery.id, delivery.attempts + 1, new Date(deps.now().getTime() + delay));
      }
    }
    return due.length;
  });
}

async function attempt(deps: AccountsDeps, trx: Transaction, push: PushSettings, delivery: Delivery): Promise<Outcome> {
  if (delivery.channel === "email") {
    await deps.mailer.send(delivery.message as Mail);
    return "sent";
  }
  const subscription = await findPushSubscription(deps.db, trx, delivery.subscriptionId!);
  if (!subscription) return "sent";
  const keys = await vapidKeys(deps);
  // web-push encrypts (RFC 8291, aes128gcm) and signs (RFC 8292); the request goes through
  // publicFetch so an endpoint on a private address is refused like any server-side fetch.
  const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(delivery.message), {
    vapidDetails: { subject: push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    contentEncoding: "aes128gcm",
    TTL: 48 * 3600,
  });
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  const response = await publicFetch(request.endpoint, {
    method: "POST",
    body: request.body ?? new Uint8Array(),
    headers,
    protocols: push.allowPrivate ? ["http:", "https:"] : ["https:"],
    allowPrivate: push.allowPrivate,
    timeoutMs: 15_000,
    maxBytes: 4096,
  });
  if (response.status === 404 || response.status === 410) return "gone";
  if (response.status >= 200 && response.status < 300) return "sent";
  if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) return "dropped";
  throw new Error(`push service answered ${response.status}`);
}
