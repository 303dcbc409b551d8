import { createPollingLoop, type PollingLoop } from "@starling/events";
import { publicFetch, type Logger } from "@starling/runtime";
import { claimDueDeliveries, recordDeliveryOutcome, type DeliveryOutcome, type DueDelivery } from "../data/webhook-deliveries-queries.ts";
import { webhookRetryDelayMs, webhookSignature } from "../domain/webhook.ts";
import type { ModerationDeps } from "../use-cases/deps.ts";

/** How webhook deliveries are retried. */
export interface WebhookDeliveryOptions {
  /** Pause before the first retry; each next one doubles it. */
  retryBaseMs: number;
  /** Tries before a delivery is given up. */
  maxAttempts: number;
  /** How often the queue is looked at when nothing nudges it. */
  intervalMs: number;
  /** Deadline of one POST. */
  timeoutMs: number;
  /** How long a claimed delivery stays another worker's before a pass may take it again (longer than a POST may take). */
  leaseMs: number;
  logger: Logger;
}

/** One POST of a delivery; its outcome says when to try again (never when delivered or given up). */
async function attempt(deps: ModerationDeps, options: WebhookDeliveryOptions, delivery: DueDelivery, now: Date): Promise<DeliveryOutcome> {
  let status: number | undefined;
  let error: string | undefined;
  try {
    const response = await publicFetch(delivery.url, {
      method: "POST",
      body: Buffer.from(delivery.body),
      headers: { "content-type": "application/json", "x-hub-signature": webhookSignature(delivery.secret, delivery.body) },
      allowPrivate: deps.allowPrivateAddresses,
      timeoutMs: options.timeoutMs,
      maxBytes: 64 * 1024,
    });
    status = response.status;
    if (status >= 200 && status < 300) return { status };
    error = `HTTP ${status}`;
  } catch (failure) {
    // A private address is refused at delivery too (the name may now resolve elsewhere); retried, as DNS may change back.
    error = failure instanceof Error ? failure.message : String(failure);
  }
  const tries = delivery.attempts;
  const giveUp = tries >= options.maxAttempts;
  options.logger.warn({ webhookId: delivery.webhookId, delivery: delivery.id, tries, status, error, giveUp }, "webhook delivery failed");
  return { status, error, nextAttemptAt: giveUp ? undefined : new Date(now.getTime() + webhookRetryDelayMs(tries, options.retryBaseMs)) };
}

/**
 * One pass over the queue: claims the due deliveries (committed before any POST, so no transaction
 * or row lock is held while a receiver answers), POSTs each, then records each outcome.
 */
export async function deliverDueWebhooks(deps: ModerationDeps, options: WebhookDeliveryOptions): Promise<number> {
  const due = await claimDueDeliveries(deps.db, deps.now(), 10, options.leaseMs);
  await Promise.all(due.map(async (delivery) => recordDeliveryOutcome(deps.db, delivery, await attempt(deps, options, delivery, deps.now()), deps.now())));
  return due.length;
}

/**
 * The webhook delivery worker: a loop over the durable queue of deliveries (the webhook_deliveries
 * table), each due one POSTed with its X-Hub-Signature; a failure (no answer, or not a 2xx) is
 * tried again after a doubling pause, until `maxAttempts`.
 */
export function startWebhookDeliveries(deps: ModerationDeps, options: WebhookDeliveryOptions): PollingLoop {
  const pass = () => deliverDueWebhooks(deps, options);
  const loop = createPollingLoop(pass, { intervalMs: options.intervalMs, onError: (error) => options.logger.error({ err: error }, "webhook delivery pass failed") });
  loop.start();
  return loop;
}
