import { invalidArgument } from "@starling/runtime";
import { isId } from "@starling/paging";
import { markersOf, saveMarker, type MarkerRow } from "../data/markers-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";

/** The timelines Mastodon keeps markers for; other names are ignored, as Mastodon does. */
export const MARKER_TIMELINES = ["home", "notifications"] as const;

/** A reading position as answered. */
export interface Marker {
  timeline: string;
  lastReadId: string;
  version: number;
  updatedAt: Date;
}

const toMarker = (row: MarkerRow): Marker => ({ timeline: row.timeline, lastReadId: String(row.last_read_id), version: Number(row.version), updatedAt: new Date(row.updated_at) });

const known = (timeline: string) => (MARKER_TIMELINES as readonly string[]).includes(timeline);

/** The account's saved markers among `timelines`. */
export async function getMarkers(deps: Pick<FeedDeps, "db">, accountId: string, timelines: readonly string[]): Promise<Marker[]> {
  return (await markersOf(deps.db, accountId, timelines.filter(known))).map(toMarker);
}

/** Saves the account's positions, each save of a timeline one version more; answers the saved markers. */
export async function saveMarkers(deps: Pick<FeedDeps, "db">, accountId: string, positions: readonly { timeline: string; lastReadId: string }[], now = new Date()): Promise<Marker[]> {
  const wanted = positions.filter((p) => known(p.timeline));
  for (const position of wanted) if (!isId(position.lastReadId)) throw invalidArgument(`${position.timeline}[last_read_id] must be an id`);
  const saved: Marker[] = [];
  for (const position of wanted) saved.push(toMarker(await saveMarker(deps.db, accountId, position.timeline, position.lastReadId, now)));
  return saved;
}
