import type { Database } from "@starling/db";
import { readPage, type Page } from "@starling/paging";

/** One POST to make; `attempts` counts this one. */
export interface DueDelivery {
  id: string;
  webhookId: string;
  url: string;
  secret: string;
  body: string;
  attempts: number;
}

/** What the consumer queues: one row per webhook that hears the event. */
export interface NewDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  event: string;
  body: string;
  at: Date;
}

/** Queues deliveries; one already queued for the same webhook and event is kept as is (redelivered events). */
export async function queueDeliveries(db: Database, deliveries: readonly NewDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  const rows = deliveries.map((d) => ({ id: d.id, webhook_id: d.webhookId, event_id: d.eventId, event: d.event, body: d.body, next_attempt_at: d.at, created_at: d.at }));
  await db.table("webhook_deliveries").insert(rows).onConflict(["webhook_id", "event_id"]).ignore();
}

/** How one attempt ended: delivered or given up when no next attempt is set. */
export interface DeliveryOutcome {
  status?: number | undefined;
  error?: string | undefined;
  nextAttemptAt?: Date | undefined;
}

/**
 * Claims up to `limit` due deliveries of enabled webhooks and commits: each becomes `sending`, its
 * attempt counted, and due again only when the lease ends (`leaseMs`). The rows are locked (SKIP
 * LOCKED, so workers in several processes split the queue) only for this short transaction, never
 * while the receiver is being called; a worker that dies mid-POST leaves a row that another pass
 * takes again after the lease.
 */
export async function claimDueDeliveries(db: Database, now: Date, limit: number, leaseMs: number): Promise<DueDelivery[]> {
  return db.transaction(async (trx) => {
    const rows: { id: string; webhook_id: string; url: string; secret: string; body: string; attempts: number }[] = await db
      .table("webhook_deliveries as d", trx)
      .join("webhooks as w", "w.id", "d.webhook_id")
      .select("d.id", "d.webhook_id", "w.url", "w.secret", "d.body", "d.attempts")
      .whereNull("d.finished_at")
      .where("w.enabled", true)
      .where("d.next_attempt_at", "<=", now)
      .orderBy("d.next_attempt_at")
      .limit(limit)
      .forUpdate("d")
      .skipLocked();
    if (rows.length === 0) return [];
    await db
      .table("webhook_deliveries", trx)
      .whereIn("id", rows.map((r) => r.id))
      .update({ state: "sending", attempts: db.knex.raw("attempts + 1"), last_attempt_at: now, next_attempt_at: new Date(now.getTime() + leaseMs) });
    return rows.map((r) => ({ id: String(r.id), webhookId: String(r.webhook_id), url: r.url, secret: r.secret, body: r.body, attempts: r.attempts + 1 }));
  });
}

/**
 * Records how a claimed attempt ended. Only the claim that is still current writes: a worker whose
 * lease ran out (and whose row another pass claimed again) changes nothing.
 */
export async function recordDeliveryOutcome(db: Database, claimed: DueDelivery, outcome: DeliveryOutcome, now: Date): Promise<boolean> {
  const delivered = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
  const updated = await db
    .table("webhook_deliveries")
    .where({ id: claimed.id, attempts: claimed.attempts, state: "sending" })
    .update({
      state: outcome.nextAttemptAt ? "pending" : delivered ? "delivered" : "failed",
      last_status: outcome.status ?? null,
      last_error: outcome.error ?? null,
      next_attempt_at: outcome.nextAttemptAt ?? now,
      finished_at: outcome.nextAttemptAt ? null : now,
    });
  return Number(updated) > 0;
}

/** One delivery as its history shows it. */
export interface DeliveryRecord {
  id: string;
  event: string;
  state: "pending" | "sending" | "delivered" | "failed";
  attempts: number;
  lastStatus: number | undefined;
  lastError: string | undefined;
  createdAt: Date;
  lastAttemptAt: Date | undefined;
  nextAttemptAt: Date | undefined;
  finishedAt: Date | undefined;
}

interface DeliveryRow {
  id: string;
  event: string;
  state: DeliveryRecord["state"];
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date;
  finished_at: Date | null;
}

const toRecord = (r: DeliveryRow): DeliveryRecord => ({
  id: String(r.id),
  event: r.event,
  state: r.state,
  attempts: r.attempts,
  lastStatus: r.last_status ?? undefined,
  lastError: r.last_error ?? undefined,
  createdAt: new Date(r.created_at),
  lastAttemptAt: r.last_attempt_at === null ? undefined : new Date(r.last_attempt_at),
  nextAttemptAt: r.finished_at === null ? new Date(r.next_attempt_at) : undefined,
  finishedAt: r.finished_at === null ? undefined : new Date(r.finished_at),
});

/** A page of a webhook's deliveries, newest first. */
export async function listDeliveries(db: Database, webhookId: string, page: Page): Promise<DeliveryRecord[]> {
  const query = db.table("webhook_deliveries").where({ webhook_id: webhookId }).select("id", "event", "state", "attempts", "last_status", "last_error", "created_at", "last_attempt_at", "next_attempt_at", "finished_at");
  return (await readPage<DeliveryRow>(query, "id", page)).map(toRecord);
}
