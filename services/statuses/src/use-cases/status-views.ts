import type { FilterMatch } from "../domain/filter-matcher.ts";
import type { Status } from "../domain/status.ts";
import { readViewerMarksVersionAhead } from "../data/status-page-cache.ts";
import { viewerMarks } from "../data/viewer-states-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatuses } from "./find-visible-status.ts";

/** The viewer's own relation to a status (Mastodon's viewer fields). */
export interface ViewerState {
  favourited: boolean;
  reblogged: boolean;
  bookmarked: boolean;
  muted: boolean;
  pinned: boolean;
}

/** A status as shown to a viewer: the reblogged status of a reblog, and the viewer's state. */
export interface StatusView {
  status: Status;
  /** The reblogged status, when `status` is a reblog. */
  reblog?: StatusView;
  /** Absent for anonymous viewers. */
  viewer?: ViewerState;
  /** The viewer's filters it matches (filter-views.ts); absent when none. */
  filtered?: FilterMatch[];
}

/**
 * Views of statuses the caller may see, in order: each reblog gets its original (a reblog whose
 * original the caller cannot see is left out), and a signed-in caller gets the viewer fields,
 * computed for the whole list with one query per kind. A reblog's fields follow its original's,
 * except that a reblog is never pinned.
 */
export async function viewStatuses(deps: StatusesDeps, caller: Caller, statuses: Status[]): Promise<StatusView[]> {
  const originalIds = [...new Set(statuses.flatMap((s) => (s.reblogOfId ? [s.reblogOfId] : [])))];
  const properIds = [...new Set(statuses.map((s) => s.reblogOfId ?? s.id))];
  // Independent reads, so they wait together: the marks of an original left out are simply unused.
  const [found, states] = await Promise.all([
    originalIds.length ? findVisibleStatuses(deps, caller, originalIds) : [],
    caller.accountId ? viewerStates(deps, caller.accountId, properIds, caller) : undefined,
  ]);
  const originals = new Map(found.map((s) => [s.id, s]));
  const stateOf = (id: string) => states?.get(id);
  return statuses.flatMap((status): StatusView[] => {
    if (!status.reblogOfId) return [{ status, ...withState(stateOf(status.id)) }];
    const original = originals.get(status.reblogOfId);
    if (!original) return [];
    const state = stateOf(original.id);
    return [{ status, reblog: { status: original, ...withState(state) }, ...withState(state && { ...state, pinned: false }) }];
  });
}

const withState = (viewer: ViewerState | undefined) => (viewer ? { viewer } : {});

/** The viewer state of each of `statusIds` for `accountId`, from one batched query; `scope` as viewerMarks takes it. */
export async function viewerStates(deps: StatusesDeps, accountId: string, statusIds: string[], scope?: object): Promise<Map<string, ViewerState>> {
  const states = new Map<string, ViewerState>(statusIds.map((id) => [id, { favourited: false, reblogged: false, bookmarked: false, muted: false, pinned: false }]));
  for (const { id, mark } of await viewerMarks(deps.db, accountId, statusIds, scope)) {
    const state = states.get(id);
    if (state) state[mark] = true;
  }
  return states;
}

/**
 * For a call that only reads (a status page): starts reading the caller's standings and marks
 * versions now, so they travel with the statuses rows instead of after them (versions-ahead.ts).
 */
export function readViewVersionsAhead(deps: StatusesDeps, caller: Caller): void {
  if (!caller.accountId) return;
  deps.copies.standings.readAhead(caller);
  deps.filters.readAhead(caller);
  readViewerMarksVersionAhead(deps.db, caller, caller.accountId);
}
