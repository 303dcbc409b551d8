import type { Database } from "@starling/db";
import type { DeliveryJob } from "./jobs.ts";

/** Where a delivery stands: waiting for its first try, retrying after an error, done, or given up. */
export type DeliveryState = "pending" | "failed" | "delivered" | "dead";

/** One delivery row. */
export interface DeliveryRecord {
  id: string;
  activityId: string;
  inbox: string;
  host: string;
  state: DeliveryState;
  attempts: number;
  lastError: string;
  nextAttemptAt: Date;
  createdAt: Date;
}

/** A delivery with what is posted. */
export interface DeliveryWork extends DeliveryRecord {
  activityType: string;
  senderAccountId: string;
  body: string;
  /** The Collection-Synchronization header to send, if any. */
  collectionSynchronization: string | null;
}

interface Row {
  id: string | number;
  activity_id: string;
  inbox: string;
  host: string;
  state: DeliveryState;
  attempts: number;
  last_error: string;
  next_attempt_at: Date | string;
  created_at: Date | string;
}

const fromRow = (row: Row): DeliveryRecord => ({
  id: String(row.id),
  activityId: row.activity_id,
  inbox: row.inbox,
  host: row.host,
  state: row.state,
  attempts: row.attempts,
  lastError: row.last_error,
  nextAttemptAt: new Date(row.next_attempt_at),
  createdAt: new Date(row.created_at),
});

/** States a worker may attempt. */
const OPEN_STATES = ["pending", "failed"];

/**
 * Stores the activity (once) and a pending row per inbox, skipping inboxes it was already queued
 * for (recorded on the activity, so pruned rows count too); returns the rows it created. They
 * count as published now: the caller sends their job messages next.
 */
export async function insertDeliveries(
  db: Database,
  input: {
    activity: { activityId: string; senderAccountId: string; activityType: string; body: string };
    rows: { id: string; inbox: string; host: string; collectionSynchronization?: string | undefined }[];
    now: Date;
  },
): Promise<DeliveryJob[]> {
  const { activity, now } = input;
  return db.transaction(async (trx) => {
    await db
      .table("delivery_activities", trx)
      .insert({ activity_id: activity.activityId, sender_account_id: activity.senderAccountId, activity_type: activity.activityType, body: activity.body, created_at: now })
      .onConflict("activity_id")
      .ignore();
    // Locked, so two enqueues of one activity add their inboxes one after the other.
    const recorded: { inboxes: string[] } = await db.table("delivery_activities", trx).where({ activity_id: activity.activityId }).forUpdate().first("inboxes");
    const known = new Set(recorded.inboxes);
    const fresh = input.rows.filter((row) => !known.has(row.inbox));
    if (fresh.length === 0) return [];
    const created: { id: string | number; host: string; inbox: string }[] = await db
      .table("deliveries", trx)
      .insert(
        fresh.map((row) => ({
          id: row.id, activity_id: activity.activityId, inbox: row.inbox, host: row.host, state: "pending",
          next_attempt_at: now, published_at: now, created_at: now, updated_at: now, collection_synchronization: row.collectionSynchronization ?? null,
        })),
      )
      .onConflict(["activity_id", "inbox"])
      .ignore()
      .returning(["id", "host", "inbox"]);
    if (created.length > 0) {
      await db
        .table("delivery_activities", trx)
        .where({ activity_id: activity.activityId })
        .update({ inboxes: db.knex.raw("?? || ?::text[]", ["inboxes", created.map((row) => row.inbox)]) });
    }
    return created.map((row) => ({ id: String(row.id), host: row.host }));
  });
}

/**
 * Takes the row for one attempt, if it is still due and nobody holds it: a repeated or late job
 * message finds nothing. The lease keeps other workers off until `leaseUntil`.
 */
export async function claimDelivery(db: Database, id: string, now: Date, leaseUntil: Date): Promise<DeliveryWork | undefined> {
  const [claimed]: Row[] = await db
    .table("deliveries")
    .where({ id })
    .whereIn("state", OPEN_STATES)
    .where("next_attempt_at", "<=", now)
    .where((q) => q.whereNull("leased_until").orWhere("leased_until", "<=", now))
    .update({ leased_until: leaseUntil, updated_at: now })
    .returning("*");
  if (!claimed) return undefined;
  const activity: { activity_type: string; sender_account_id: string | number; body: string } | undefined = await db
    .table("delivery_activities")
    .where({ activity_id: claimed.activity_id })
    .first();
  if (!activity) return undefined;
  return {
    ...fromRow(claimed),
    activityType: activity.activity_type,
    senderAccountId: String(activity.sender_account_id),
    body: activity.body,
    collectionSynchronization: (claimed as Row & { collection_synchronization: string | null }).collection_synchronization,
  };
}

/** Records the end of an attempt (or a postponement) and releases the lease. */
export async function finishAttempt(
  db: Database,
  id: string,
  result: { state: DeliveryState; attempts: number; lastError: string; nextAttemptAt: Date },
  now: Date,
): Promise<void> {
  await db
    .table("deliveries")
    .where({ id })
    .update({ state: result.state, attempts: result.attempts, last_error: result.lastError, next_attempt_at: result.nextAttemptAt, leased_until: null, updated_at: now });
}

/**
 * Sends job messages for up to `limit` rows that are due and have none on the way: never sent, sent
 * before they last became due (a retry or a postponement), or sent so long ago the message must be
 * lost. Rows a worker holds are left alone. Runs in one transaction that locks the rows it takes
 * (SKIP LOCKED), so schedulers in several processes split the work; returns the number sent.
 */
export async function publishDueDeliveries(
  db: Database,
  options: { now: Date; republishAfterMs: number; limit: number; publish: (jobs: DeliveryJob[]) => Promise<void> },
): Promise<number> {
  const { now } = options;
  const stale = new Date(now.getTime() - options.republishAfterMs);
  return db.transaction(async (trx) => {
    const due: { id: string | number; host: string }[] = await db
      .table("deliveries", trx)
      .select("id", "host")
      .whereIn("state", OPEN_STATES)
      .where("next_attempt_at", "<=", now)
      .where((q) => q.whereNull("leased_until").orWhere("leased_until", "<=", now))
      .where((q) => q.whereNull("published_at").orWhereRaw("published_at < next_attempt_at").orWhere("published_at", "<=", stale))
      .orderBy("next_attempt_at")
      .limit(options.limit)
      .forUpdate()
      .skipLocked();
    if (due.length === 0) return 0;
    await options.publish(due.map((row) => ({ id: String(row.id), host: row.host })));
    await db
      .table("deliveries", trx)
      .whereIn("id", due.map((row) => row.id))
      .update({ published_at: now });
    return due.length;
  });
}

/** Deliveries in one state (all but delivered when none is given), newest first, with their activity's type where it is recorded. */
export async function listDeliveries(db: Database, options: { state?: DeliveryState; limit: number }): Promise<(DeliveryRecord & { activityType: string | undefined })[]> {
  const query = db
    .table("deliveries as d")
    .leftJoin("delivery_activities as a", "a.activity_id", "d.activity_id")
    .select("d.*", "a.activity_type")
    .orderBy("d.id", "desc")
    .limit(options.limit);
  if (options.state) query.where("d.state", options.state);
  else query.whereNot("d.state", "delivered");
  const rows: (Row & { activity_type: string | null })[] = await query;
  return rows.map((row) => ({ ...fromRow(row), activityType: row.activity_type ?? undefined }));
}

/**
 * Deletes up to `limit` rows that are over: delivered before `deliveredBefore`, or given up (dead)
 * before `deadBefore`, kept that long for inspection. Rows still being tried are never touched.
 * Returns how many went.
 */
export async function pruneDeliveries(db: Database, options: { deliveredBefore: Date; deadBefore: Date; limit: number }): Promise<number> {
  // next_attempt_at is when a finished row finished (the state index serves both halves).
  const over = db
    .table("deliveries")
    .select("id")
    .where((q) => q.where({ state: "delivered" }).andWhere("next_attempt_at", "<", options.deliveredBefore))
    .orWhere((q) => q.where({ state: "dead" }).andWhere("next_attempt_at", "<", options.deadBefore))
    .limit(options.limit);
  return db.table("deliveries").whereIn("id", over).delete();
}
