/**
 * Per-host circuit breakers, kept in the `delivery_hosts` table rather than the key-value store:
 * counting failures and taking the one half-open trial must be atomic across every worker process
 * (a row lock or a conditional UPDATE does it), the state must outlive restarts as the deliveries
 * it postpones do, and `starling federation deliveries` lists it beside them.
 */
import type { Database } from "@starling/db";
import { circuitOpenMs } from "./retry-policy.ts";

/**
 * closed: deliveries go; open: none are tried until `openUntil`; half-open: one trial decides;
 * unavailable: failing for a week, none are sent until the host is heard from (Mastodon's rule).
 */
export type CircuitState = "closed" | "open" | "half-open" | "unavailable";

/** How long a host may fail, with no success between, before it is unavailable (Mastodon: a week). */
export const UNAVAILABLE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** A host's circuit as listed. */
export interface HostCircuit {
  host: string;
  state: CircuitState;
  consecutiveFailures: number;
  openUntil: Date | null;
}

interface Row {
  host: string;
  consecutive_failures: number;
  openings: number;
  open_until: Date | string | null;
  probe_until: Date | string | null;
  failing_since: Date | string | null;
  unavailable_since: Date | string | null;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

function stateOf(row: Pick<Row, "open_until" | "unavailable_since">, now: Date): CircuitState {
  if (row.unavailable_since) return "unavailable";
  const openUntil = dateOrNull(row.open_until);
  if (!openUntil) return "closed";
  return openUntil > now ? "open" : "half-open";
}

/** Whether an attempt may go to the host now, and if not, when to come back. */
export type Admission = { admitted: true } | { admitted: false; retryAt: Date } | { admitted: false; unavailable: true };

/**
 * Lets an attempt through a closed circuit; holds it back while the circuit is open; once the open
 * period is over lets exactly one attempt through (marked by `probe_until`, so a trial whose worker
 * died stops blocking the host when it passes) and holds the others until that trial is due to end.
 */
export async function admitToHost(db: Database, host: string, now: Date, probeUntil: Date): Promise<Admission> {
  const row: Row | undefined = await db.table("delivery_hosts").where({ host }).first();
  if (!row) return { admitted: true };
  const state = stateOf(row, now);
  if (state === "unavailable") return { admitted: false, unavailable: true };
  if (state === "closed") return { admitted: true };
  if (state === "open") return { admitted: false, retryAt: new Date(row.open_until!) };
  const [probe] = await db
    .table("delivery_hosts")
    .where({ host })
    .where("open_until", "<=", now)
    .where((q) => q.whereNull("probe_until").orWhere("probe_until", "<=", now))
    .update({ probe_until: probeUntil, updated_at: now })
    .returning("host");
  if (probe) return { admitted: true };
  const current: Row | undefined = await db.table("delivery_hosts").where({ host }).first();
  return { admitted: false, retryAt: dateOrNull(current?.probe_until ?? null) ?? probeUntil };
}

/**
 * The host answered a delivery, or sent us an activity: its circuit closes, its count of openings
 * starts over and it is available again.
 */
export async function recordHostSuccess(db: Database, host: string, now: Date): Promise<void> {
  await db
    .table("delivery_hosts")
    .where({ host })
    .where((q) => q.where("consecutive_failures", ">", 0).orWhereNotNull("open_until").orWhereNotNull("unavailable_since"))
    .update({ consecutive_failures: 0, openings: 0, open_until: null, probe_until: null, failing_since: null, unavailable_since: null, updated_at: now });
}

/**
 * Counts a failure. Reaching the threshold with the circuit not open (closed, or half-open: the
 * trial failed) opens it, each time for longer: `circuitOpenMs` doubled per opening since the last
 * success, up to `circuitMaxOpenMs`. Failures of attempts that were in flight when it opened only count.
 * A week of failures since the last success makes the host unavailable.
 */
export async function recordHostFailure(
  db: Database,
  host: string,
  now: Date,
  settings: { circuitThreshold: number; circuitOpenMs: number; circuitMaxOpenMs: number },
): Promise<HostCircuit> {
  return db.transaction(async (trx) => {
    await db.table("delivery_hosts", trx).insert({ host, consecutive_failures: 0, openings: 0, updated_at: now }).onConflict("host").ignore();
    const row: Row = await db.table("delivery_hosts", trx).where({ host }).forUpdate().first();
    const failures = row.consecutive_failures + 1;
    const failingSince = dateOrNull(row.failing_since) ?? now;
    const update: Partial<Row> & { updated_at: Date } = { consecutive_failures: failures, failing_since: failingSince, updated_at: now };
    if (!row.unavailable_since && now.getTime() - failingSince.getTime() >= UNAVAILABLE_AFTER_MS) update.unavailable_since = now;
    if (failures >= settings.circuitThreshold && stateOf(row, now) !== "open") {
      update.openings = row.openings + 1;
      update.open_until = new Date(now.getTime() + circuitOpenMs(update.openings, settings.circuitOpenMs, settings.circuitMaxOpenMs));
      update.probe_until = null;
    }
    await db.table("delivery_hosts", trx).where({ host }).update(update);
    const merged = { ...row, ...update };
    return { host, state: stateOf(merged, now), consecutiveFailures: failures, openUntil: dateOrNull(merged.open_until) };
  });
}

/** Hosts that are failing or were failing, the open ones first. */
export async function listHostCircuits(db: Database, now: Date, limit: number): Promise<HostCircuit[]> {
  const rows: Row[] = await db
    .table("delivery_hosts")
    .where((q) => q.where("consecutive_failures", ">", 0).orWhereNotNull("open_until").orWhereNotNull("unavailable_since"))
    .orderByRaw("open_until desc nulls last, consecutive_failures desc, host")
    .limit(limit);
  return rows.map((row) => ({ host: row.host, state: stateOf(row, now), consecutiveFailures: row.consecutive_failures, openUntil: dateOrNull(row.open_until) }));
}
