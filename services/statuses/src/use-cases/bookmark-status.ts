import type { Status } from "../domain/status.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { bookmarkEvent } from "./interaction-events.ts";
import { addRecord, removeRecord, type RecordKind } from "./record-interaction.ts";

// Bookmarks are private to their owner: no counter. Their events let the search index find a
// bookmarked status for its bookmarker, as Mastodon's search does.
const bookmarks: RecordKind = {
  table: "bookmarks",
  events: (change, record, status) => [bookmarkEvent(change === "created" ? "bookmark.created" : "bookmark.removed", record, status)],
};

/** Bookmarks a status for the caller (idempotent). */
export function bookmarkStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  return addRecord(deps, caller, id, bookmarks);
}

/** Removes the caller's bookmark; harmless without one. */
export function unbookmarkStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  return removeRecord(deps, caller, id, bookmarks);
}
