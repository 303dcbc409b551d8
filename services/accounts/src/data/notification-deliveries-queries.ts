import type { Database, Transaction } from "@starling/db";

/** A push or an e-mail waiting to go out. */
export interface Delivery {
  id: string;
  channel: "push" | "email";
  subscriptionId: string | null;
  accountId: string;
  /** What to send: the push payload (JSON text) or the e-mail. */
  message: unknown;
  attempts: number;
  dueAt: Date;
  createdAt: Date;
}

interface Row {
  id: string;
  channel: "push" | "email";
  subscription_id: string | null;
  account_id: string;
  message: string;
  attempts: number;
  due_at: Date;
  created_at: Date;
}

const toDelivery = (row: Row): Delivery => ({
  id: String(row.id),
  channel: row.channel,
  subscriptionId: row.subscription_id === null ? null : String(row.subscription_id),
  accountId: String(row.account_id),
  message: JSON.parse(row.message),
  attempts: row.attempts,
  dueAt: new Date(row.due_at),
  createdAt: new Date(row.created_at),
});

export async function enqueueDeliveries(db: Database, trx: Transaction, deliveries: readonly Delivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  await db.table("notification_deliveries", trx).insert(
    deliveries.map((d) => ({ id: d.id, channel: d.channel, subscription_id: d.subscriptionId, account_id: d.accountId, message: JSON.stringify(d.message), attempts: d.attempts, due_at: d.dueAt, created_at: d.createdAt })),
  );
}

/**
 * Takes up to `limit` due deliveries for this transaction: rows locked here are skipped by other
 * replicas' workers, and a crash before commit leaves them for the next pass.
 */
export async function lockDueDeliveries(db: Database, trx: Transaction, now: Date, limit: number): Promise<Delivery[]> {
  const rows: Row[] = await db.table("notification_deliveries", trx).where("due_at", "<=", now).orderBy("due_at").limit(limit).forUpdate().skipLocked();
  return rows.map(toDelivery);
}

export async function deleteDelivery(db: Database, trx: Transaction, id: string): Promise<void> {
  await db.table("notification_deliveries", trx).where({ id }).delete();
}

export async function postponeDelivery(db: Database, trx: Transaction, id: string, attempts: number, dueAt: Date): Promise<void> {
  await db.table("notification_deliveries", trx).where({ id }).update({ attempts, due_at: dueAt });
}
