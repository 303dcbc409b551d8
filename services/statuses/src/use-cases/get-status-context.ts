import { notFound } from "@starling/runtime";
import { contextLimits, hiddenFromThread, NO_STANDING, promoteSelfReplies } from "../domain/read-filters.ts";
import type { Status } from "../domain/status.ts";
import { findLiveStatuses } from "../data/statuses-queries.ts";
import { ancestorIds, descendantIds } from "../data/status-threads-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { authorStandings, findVisibleStatus } from "./find-visible-status.ts";

/** The statuses around one status, as GET /api/v1/statuses/:id/context shows them. */
export interface StatusContext {
  /** Oldest first, ending with the direct parent. */
  ancestors: Status[];
  /** Depth-first in id order, the author's self-replies first. */
  descendants: Status[];
}

/**
 * The thread of a status the caller may see (NOT_FOUND otherwise): ancestors and descendants
 * within Mastodon's limits, leaving out those the caller may not see and those of authors the
 * caller blocks, mutes or domain-blocks or who block the caller. A hidden status hides only
 * itself: the replies below it that the caller may see still show, as in Mastodon.
 */
export async function getStatusContext(deps: StatusesDeps, caller: Caller, id: string): Promise<StatusContext> {
  const status = await findVisibleStatus(deps, caller, id);
  if (!status) throw notFound("Record not found");
  const limits = contextLimits(caller.accountId !== undefined);
  const [upIds, downIds] = await Promise.all([
    status.inReplyToId ? ancestorIds(deps.db, status.id, limits.ancestors) : [],
    descendantIds(deps.db, status.id, limits.descendants, limits.depth),
  ]);
  const found = new Map((await findLiveStatuses(deps.db, [...upIds, ...downIds])).map((s) => [s.id, s]));
  const standings = await authorStandings(deps, caller, found.values());
  const shown = (ids: readonly string[]) =>
    ids.flatMap((sid) => {
      const s = found.get(sid);
      return s && !hiddenFromThread(s, caller.accountId, standings.get(s.accountId) ?? NO_STANDING) ? [s] : [];
    });
  return { ancestors: shown(upIds).reverse(), descendants: promoteSelfReplies(shown(downIds)) };
}
