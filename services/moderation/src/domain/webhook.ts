import { createHmac, randomBytes } from "node:crypto";
import { invalidArgument } from "@starling/runtime";

/** The events a webhook can hear, as later Mastodon names them. */
export const WEBHOOK_EVENTS = ["account.approved", "account.created", "account.updated", "report.created", "report.updated", "status.created", "status.updated"] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** An admin webhook (Mastodon's Admin::Webhook). */
export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  secret: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The events given, each known, without repeats (422 for none or an unknown one). */
export function checkedEvents(events: readonly string[]): WebhookEvent[] {
  const unique = [...new Set(events)];
  if (unique.length === 0) throw invalidArgument("Validation failed: Events can't be blank");
  const unknown = unique.find((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
  if (unknown !== undefined) throw invalidArgument(`Validation failed: Events ${unknown} is not a webhook event`);
  return unique as WebhookEvent[];
}

/** A new secret: 32 random bytes as hex, as Mastodon makes them. */
export const newWebhookSecret = () => randomBytes(32).toString("hex");

/** The X-Hub-Signature header of a body: sha256= and the hex HMAC-SHA256 of it keyed by the secret. */
export const webhookSignature = (secret: string, body: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/**
 * The pause before the next try after `attempts` failed ones: doubling from `baseMs`
 * (1 min, 2 min, 4 min, … by default).
 */
export const webhookRetryDelayMs = (attempts: number, baseMs: number) => baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 20);
