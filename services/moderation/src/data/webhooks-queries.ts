import type { Database, Transaction } from "@starling/db";
import type { Webhook, WebhookEvent } from "../domain/webhook.ts";

interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  secret: string;
  created_at: Date;
  updated_at: Date;
}

const toWebhook = (row: WebhookRow): Webhook => ({
  id: String(row.id),
  url: row.url,
  events: row.events as WebhookEvent[],
  enabled: row.enabled,
  secret: row.secret,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const toRow = (webhook: Webhook) => ({ id: webhook.id, url: webhook.url, events: webhook.events, enabled: webhook.enabled, secret: webhook.secret, created_at: webhook.createdAt, updated_at: webhook.updatedAt });

/** Every webhook, oldest first. */
export async function listWebhooks(db: Database): Promise<Webhook[]> {
  return (await db.table("webhooks").orderBy("id")).map(toWebhook);
}

/** The enabled webhooks that hear `event`. */
export async function webhooksHearing(db: Database, event: WebhookEvent): Promise<Webhook[]> {
  return (await db.table("webhooks").where({ enabled: true }).whereRaw("? = ANY(events)", [event]).orderBy("id")).map(toWebhook);
}

export async function findWebhook(db: Database, id: string, trx?: Transaction): Promise<Webhook | undefined> {
  const row: WebhookRow | undefined = await db.table("webhooks", trx).where({ id }).first();
  return row && toWebhook(row);
}

export async function insertWebhook(db: Database, trx: Transaction, webhook: Webhook): Promise<void> {
  await db.table("webhooks", trx).insert(toRow(webhook));
}

export async function saveWebhook(db: Database, trx: Transaction, webhook: Webhook): Promise<void> {
  await db.table("webhooks", trx).where({ id: webhook.id }).update(toRow(webhook));
}

/** Deletes a webhook; its deliveries go with it (ON DELETE CASCADE). */
export async function removeWebhook(db: Database, trx: Transaction, id: string): Promise<void> {
  await db.table("webhooks", trx).where({ id }).delete();
}
