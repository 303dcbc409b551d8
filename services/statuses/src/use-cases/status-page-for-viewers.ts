import type { PollView } from "../domain/poll.ts";
import { isStatusId } from "../domain/new-status.ts";
import { mayShow, NO_STANDING } from "../domain/read-filters.ts";
import type { Status } from "../domain/status.ts";
import { findPolls } from "../data/polls-queries.ts";
import { findLiveStatuses } from "../data/statuses-queries.ts";
import { viewerMarksOfMany } from "../data/viewer-states-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { authorStandings } from "./find-visible-status.ts";
import { viewPolls } from "./get-poll.ts";
import { statusPage, type StatusPage } from "./status-page.ts";
import type { ViewerState } from "./status-views.ts";

/** One viewer's part: the page's statuses it may see, its state of each, its poll votes. */
export interface ViewerPart {
  accountId: string;
  statusIds: string[];
  states: ViewerState[];
  polls: PollView[];
}

/** A signed-in caller, as each viewer of the call is. */
export type AccountCaller = Caller & { accountId: string };

// As GetStatusPage: a page is a batch of events, never a whole timeline.
const MAX_IDS = 1000;
// Viewers whose standings are read at the same time (each a cache read, or one accounts call).
const VIEWERS_AT_ONCE = 64;

/**
 * The one hydration for many viewers at once: which of the statuses each viewer may see is decided
 * as for GetStatusPage (visibility, an author blocking the viewer, a reblog's original too), from
 * each viewer's standings; the statuses some viewer may see are hydrated ONCE (statusPage, without
 * viewer state), and every viewer's state comes from one batched query. Polls get each viewer's
 * votes only when the page has polls.
 */
export async function statusPageForViewers(deps: StatusesDeps, viewers: AccountCaller[], ids: readonly string[]): Promise<{ page: StatusPage; viewers: ViewerPart[] }> {
  const wanted = [...new Set(ids.filter(isStatusId))].slice(0, MAX_IDS);
  const found = new Map((await findLiveStatuses(deps.db, wanted)).map((s) => [s.id, s]));
  const originalIds = [...new Set([...found.values()].flatMap((s) => (s.reblogOfId ? [s.reblogOfId] : [])))];
  const originals = new Map((originalIds.length ? await findLiveStatuses(deps.db, originalIds) : []).map((s) => [s.id, s]));
  const statuses = wanted.flatMap((id) => found.get(id) ?? []);
  const seen = new Map<string, Status[]>();
  const decide = async (viewer: AccountCaller) => {
    const standings = await authorStandings(deps, viewer, [...statuses, ...originals.values()]);
    const may = (s: Status | undefined) => s !== undefined && mayShow(s, viewer.accountId, standings.get(s.accountId) ?? NO_STANDING);
    seen.set(viewer.accountId, statuses.filter((s) => may(s) && (!s.reblogOfId || may(originals.get(s.reblogOfId)))));
  };
  for (let i = 0; i < viewers.length; i += VIEWERS_AT_ONCE) await Promise.all(viewers.slice(i, i + VIEWERS_AT_ONCE).map(decide));
  const shown = new Set([...seen.values()].flat());
  const page = await statusPage(deps, { accountId: undefined, viewerToken: undefined }, statuses.filter((s) => shown.has(s)));
  const onPage = new Set(page.views.map((v) => v.status.id));
  const properIds = [...new Set(page.views.map((v) => v.reblog?.status.id ?? v.status.id))];
  const marks = Map.groupBy(await viewerMarksOfMany(deps.db, viewers.map((v) => v.accountId), properIds), (m) => m.accountId);
  const polls = page.polls.length ? await findPolls(deps.db, page.polls.map((p) => p.id)) : [];
  const parts = await Promise.all(
    viewers.map(async (viewer): Promise<ViewerPart> => {
      const visible = (seen.get(viewer.accountId) ?? []).filter((s) => onPage.has(s.id));
      const states = visible.map((s) => stateOf(marks.get(viewer.accountId) ?? [], s.reblogOfId ?? s.id));
      return { accountId: viewer.accountId, statusIds: visible.map((s) => s.id), states, polls: polls.length ? await viewPolls(deps, viewer, polls) : [] };
    }),
  );
  return { page, viewers: parts };
}

function stateOf(marks: { id: string; mark: keyof ViewerState }[], statusId: string): ViewerState {
  const state: ViewerState = { favourited: false, reblogged: false, bookmarked: false, muted: false, pinned: false };
  for (const { id, mark } of marks) if (id === statusId) state[mark] = true;
  return state;
}
