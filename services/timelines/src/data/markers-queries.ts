/** The `markers` table: each account's reading position per timeline. */
import type { Database } from "@starling/db";

/** A saved reading position. */
export interface MarkerRow {
  timeline: string;
  last_read_id: string;
  version: string | number;
  updated_at: Date;
}

const COLUMNS = ["timeline", "last_read_id", "version", "updated_at"];

/** `accountId`'s markers of `timelines`. */
export async function markersOf(db: Database, accountId: string, timelines: readonly string[]): Promise<MarkerRow[]> {
  if (timelines.length === 0) return [];
  return db.table("markers").where({ account_id: accountId }).whereIn("timeline", timelines).orderBy("timeline").select(COLUMNS);
}

/**
 * Saves one position. The version is incremented by the upsert itself, in the database, so two
 * saves at once each count (one waits on the other's row lock) and neither is lost.
 */
export async function saveMarker(db: Database, accountId: string, timeline: string, lastReadId: string, now: Date): Promise<MarkerRow> {
  const [row] = (await db
    .table("markers")
    .insert({ account_id: accountId, timeline, last_read_id: lastReadId, version: 1, updated_at: now })
    .onConflict(["account_id", "timeline"])
    .merge({ last_read_id: lastReadId, updated_at: now, version: db.knex.raw("??.?? + 1", ["markers", "version"]) })
    .returning(COLUMNS)) as MarkerRow[];
  return row!;
}
