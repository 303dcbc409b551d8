import type { PollView } from "../domain/poll.ts";
import { isStatusId } from "../domain/new-status.ts";
import { mayShow, NO_STANDING } from "../domain/read-filters.ts";
import type { Status } from "../domain/status.ts";
import { findPolls } from "../data/polls-queries.ts";
import { findLiveStatuses } from "../data/statuses-queries.ts";
import { viewerMarksOfMany } from "../data/viewer-states-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { filterViews } from "./filter-views.ts";
import { authorStandings } from "./find-visible-status.ts";
import { viewPolls } from "./get-poll.ts";
import { statusPage, type StatusPage } from "./status-page.ts";
import type { StatusView, ViewerState } from "./status-views.ts";

/** A signed-in caller, as each viewer of the call is. */
export type AccountCaller = Caller & { accountId: string };

/** One viewer's share of the call: the statuses to show it, and where (see GetStatusPageRequest). */
export interface ViewerRequest {
  caller: AccountCaller;
  ids: readonly string[];
  filterContext?: string | undefined;
}

/** One viewer's part: the views GetStatusPage would give it (viewer state, filter results), its poll votes. */
export interface ViewerPart {
  accountId: string;
  views: StatusView[];
  polls: PollView[];
}

// As GetStatusPage: a page is a batch of events, never a whole timeline.
const MAX_IDS = 1000;
// Viewers decided at the same time (each its standings and filters: cache reads, or a call or query on a miss).
const VIEWERS_AT_ONCE = 64;

/**
 * The one hydration for many viewers at once: which of its statuses each viewer may see is decided
 * as for GetStatusPage (visibility, an author blocking the viewer, a reblog's original too), from
 * each viewer's standings; the statuses some viewer may see are hydrated ONCE (statusPage, without
 * viewer state), every viewer's state comes from one batched query, and each viewer's compiled
 * filters then apply to its views as on its own page (filterViews, in its context). Polls get
 * each viewer's votes only when the page has polls.
 */
export async function statusPageForViewers(deps: StatusesDeps, requests: ViewerRequest[]): Promise<{ page: StatusPage; viewers: ViewerPart[] }> {
  const wanted = [...new Set(requests.flatMap((r) => r.ids.filter(isStatusId)))].slice(0, MAX_IDS);
  const found = new Map((await findLiveStatuses(deps.db, wanted)).map((s) => [s.id, s]));
  const originalIds = [...new Set([...found.values()].flatMap((s) => (s.reblogOfId ? [s.reblogOfId] : [])))];
  const originals = new Map((originalIds.length ? await findLiveStatuses(deps.db, originalIds) : []).map((s) => [s.id, s]));
  const seen: Status[][] = [];
  const decide = async (request: ViewerRequest, index: number) => {
    const statuses = [...new Set(request.ids)].flatMap((id) => found.get(id) ?? []);
    const standings = await authorStandings(deps, request.caller, [...statuses, ...statuses.flatMap((s) => (s.reblogOfId ? (originals.get(s.reblogOfId) ?? []) : []))]);
    const may = (s: Status | undefined) => s !== undefined && mayShow(s, request.caller.accountId, standings.get(s.accountId) ?? NO_STANDING);
    seen[index] = statuses.filter((s) => may(s) && (!s.reblogOfId || may(originals.get(s.reblogOfId))));
  };
  await inGroups(requests, VIEWERS_AT_ONCE, decide);
  const shown = new Set(seen.flat());
  const page = await statusPage(deps, { accountId: undefined, viewerToken: undefined }, wanted.flatMap((id) => found.get(id) ?? []).filter((s) => shown.has(s)));
  const views = new Map(page.views.map((v) => [v.status.id, v]));
  const media = new Map(page.media.map((m) => [m.id, m]));
  const accountIds = [...new Set(requests.map((r) => r.caller.accountId))];
  const marks = Map.groupBy(await viewerMarksOfMany(deps.db, accountIds, [...new Set(page.views.map((v) => v.reblog?.status.id ?? v.status.id))]), (m) => m.accountId);
  const polls = page.polls.length ? await findPolls(deps.db, page.polls.map((p) => p.id)) : [];
  const parts: ViewerPart[] = [];
  await inGroups(requests, VIEWERS_AT_ONCE, async ({ caller, filterContext }, index) => {
    const own = marks.get(caller.accountId) ?? [];
    const unfiltered = seen[index]!.flatMap((s) => views.get(s.id) ?? []).map((view) => withState(view, stateOf(own, view.reblog?.status.id ?? view.status.id)));
    const [filters, votes] = await Promise.all([deps.filters.of(caller), polls.length ? viewPolls(deps, caller, polls) : []]);
    parts[index] = { accountId: caller.accountId, views: filterViews(unfiltered, filters, media, deps.now(), filterContext), polls: votes };
  });
  return { page, viewers: parts };
}

/** Runs `fn` over `items` (with each one's index), `size` at a time. */
async function inGroups<T>(items: T[], size: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j)));
}

// As viewStatuses sets it: a reblog and its original carry the original's state, the reblog never pinned.
function withState(view: StatusView, state: ViewerState): StatusView {
  return view.reblog ? { ...view, viewer: { ...state, pinned: false }, reblog: { ...view.reblog, viewer: state } } : { ...view, viewer: state };
}

function stateOf(marks: { id: string; mark: keyof ViewerState }[], statusId: string): ViewerState {
  const state: ViewerState = { favourited: false, reblogged: false, bookmarked: false, muted: false, pinned: false };
  for (const { id, mark } of marks) if (id === statusId) state[mark] = true;
  return state;
}
