import { isStatusId } from "../domain/new-status.ts";
import type { Status } from "../domain/status.ts";
import { canSee, needsFollowCheck } from "../domain/visibility.ts";
import { findLiveStatuses } from "../data/statuses-table.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";

/**
 * The statuses with these ids that the caller may see, in request order, leaving out unknown and
 * deleted ones. One query for the statuses and at most one relationship call, for the authors of
 * the private statuses the caller did not write.
 */
export async function findVisibleStatuses(deps: StatusesDeps, caller: Caller, ids: readonly string[]): Promise<Status[]> {
  const wanted = [...new Set(ids.filter(isStatusId))];
  const found = new Map((await findLiveStatuses(deps.db, wanted)).map((s) => [s.id, s]));
  const authorsToCheck = [...new Set([...found.values()].filter((s) => needsFollowCheck(s, caller.accountId)).map((s) => s.accountId))];
  const followed = authorsToCheck.length > 0 ? await deps.accounts.followedByCaller(authorsToCheck, caller) : new Set<string>();
  return ids.flatMap((id) => {
    const status = found.get(id);
    if (!status) return [];
    return canSee(status, { accountId: caller.accountId, followsAuthor: followed.has(status.accountId) }) ? [status] : [];
  });
}

/** One status the caller may see, or undefined. */
export async function findVisibleStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status | undefined> {
  const [status] = await findVisibleStatuses(deps, caller, [id]);
  return status;
}
