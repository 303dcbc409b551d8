import { isStatusId } from "../domain/new-status.ts";
import type { Status } from "../domain/status.ts";
import { mayShow, NO_STANDING, type AuthorStanding } from "../domain/read-filters.ts";
import { findLiveStatuses } from "../data/statuses-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";

/**
 * The statuses with these ids that the caller may see, in request order, leaving out unknown and
 * deleted ones and those of authors who block the caller. One query for the statuses and, for a
 * signed-in caller, one relationship call for all the authors it did not write.
 */
export async function findVisibleStatuses(deps: StatusesDeps, caller: Caller, ids: readonly string[]): Promise<Status[]> {
  const wanted = [...new Set(ids.filter(isStatusId))];
  const found = new Map((await findLiveStatuses(deps.db, wanted)).map((s) => [s.id, s]));
  const standings = await authorStandings(deps, caller, [...found.values()]);
  return ids.flatMap((id) => {
    const status = found.get(id);
    if (!status) return [];
    return mayShow(status, caller.accountId, standings.get(status.accountId) ?? NO_STANDING) ? [status] : [];
  });
}

/** One status the caller may see, or undefined. */
export async function findVisibleStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status | undefined> {
  const [status] = await findVisibleStatuses(deps, caller, [id]);
  return status;
}

/**
 * The caller's standing towards the authors of `statuses` other than itself, in one call; none is
 * needed (and an empty map comes back) for anonymous callers, who follow and block no one.
 */
export async function authorStandings(deps: StatusesDeps, caller: Caller, statuses: Iterable<Pick<Status, "accountId">>): Promise<Map<string, AuthorStanding>> {
  if (!caller.accountId) return new Map();
  const authors = new Set<string>();
  for (const status of statuses) if (status.accountId !== caller.accountId) authors.add(status.accountId);
  return authors.size > 0 ? deps.accounts.standingsOf([...authors], caller) : new Map();
}
