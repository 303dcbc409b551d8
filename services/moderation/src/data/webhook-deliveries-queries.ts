import type { Database } from "@starling/db";

/** One POST still to make. */
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
  const rows = deliveries.map((d) => ({ id: d.id, webhook_id: d.webhookId, event_id: d.eventId, event: d.event, body: d.body, next_attempt_at: d.at }));
  await db.table("webhook_deliveries").insert(rows).onConflict(["webhook_id", "event_id"]).ignore();
}

/**
 * Takes up to `limit` due deliveries of enabled webhooks and runs `attempt` on them while their rows
 * are locked (SKIP LOCKED: workers in several processes split the queue, and never try one row twice
 * at once). `attempt` says how each one ended; the rows are updated in the same transaction.
 */
export async function attemptDueDeliveries(
  db: Database,
  now: Date,
  limit: number,
  attempt: (due: DueDelivery[]) => Promise<Map<string, { status?: number | undefined; error?: string | undefined; nextAttemptAt?: Date | undefined }>>,
): Promise<number> {
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
    if (rows.length === 0) return 0;
    const outcomes = await attempt(rows.map((r) => ({ id: String(r.id), webhookId: String(r.webhook_id), url: r.url, secret: r.secret, body: r.body, attempts: r.attempts })));
    for (const row of rows) {
      const outcome = outcomes.get(String(row.id));
      if (!outcome) continue;
      await db
        .table("webhook_deliveries", trx)
        .where({ id: row.id })
        .update({
          attempts: row.attempts + 1,
          last_status: outcome.status ?? null,
          last_error: outcome.error ?? null,
          next_attempt_at: outcome.nextAttemptAt ?? now,
          finished_at: outcome.nextAttemptAt ? null : now,
        });
    }
    return rows.length;
  });
}

/** A webhook's deliveries, oldest first (tests and inspection). */
export async function listDeliveries(db: Database, webhookId: string): Promise<{ event: string; attempts: number; finished: boolean; lastStatus: number | null; lastError: string | null }[]> {
  const rows: { event: string; attempts: number; finished_at: Date | null; last_status: number | null; last_error: string | null }[] = await db.table("webhook_deliveries").where({ webhook_id: webhookId }).orderBy("id");
  return rows.map((r) => ({ event: r.event, attempts: r.attempts, finished: r.finished_at !== null, lastStatus: r.last_status, lastError: r.last_error }));
}
