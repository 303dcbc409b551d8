import { isStatusId } from "../domain/new-status.ts";
import type { Poll } from "../domain/poll.ts";
import type { Status } from "../domain/status.ts";
import { findPolls } from "../data/polls-queries.ts";
import { findLiveStatuses, findLiveStatusesByUri, findStatusUris } from "../data/statuses-queries.ts";
import type { StatusesDeps } from "./dependencies.ts";

/** The most ids or URIs one request reads, as GET /api/v1/statuses caps them. */
const MAX_PER_REQUEST = 1000;

/** A status with what an ActivityPub rendering of it needs besides the status itself. */
export interface FederatedStatusView {
  status: Status;
  /** ActivityPub ids of the parent and of the reblogged status (kept when those were deleted: a tombstone has one). */
  inReplyToUri: string | null;
  reblogOfUri: string | null;
  poll: Poll | null;
}

/** Statuses, local and remote, not deleted, by ActivityPub id, in request order; unknown ids are left out. */
export async function findStatusesByUri(deps: Pick<StatusesDeps, "db">, uris: readonly string[]): Promise<Status[]> {
  const wanted = [...new Set(uris)].slice(0, MAX_PER_REQUEST);
  const found = new Map((await findLiveStatusesByUri(deps.db, wanted)).map((s) => [s.uri, s]));
  return wanted.flatMap((uri) => found.get(uri) ?? []);
}

/**
 * Statuses by id whatever their visibility (the federation service addresses them itself), not
 * deleted, in request order, with their parents' and originals' ActivityPub ids and their polls
 * with the counts: three queries for any number of statuses.
 */
export async function getStatusesForFederation(deps: Pick<StatusesDeps, "db">, ids: readonly string[]): Promise<FederatedStatusView[]> {
  const wanted = [...new Set(ids.filter(isStatusId))].slice(0, MAX_PER_REQUEST);
  const statuses = new Map((await findLiveStatuses(deps.db, wanted)).map((s) => [s.id, s]));
  const found = [...statuses.values()];
  const uris = await findStatusUris(deps.db, found.flatMap((s) => [s.inReplyToId ?? [], s.reblogOfId ?? []].flat()));
  const polls = new Map((await findPolls(deps.db, found.flatMap((s) => s.pollId ?? []))).map((p) => [p.id, p]));
  return wanted.flatMap((id) => {
    const status = statuses.get(id);
    if (!status) return [];
    const uriOf = (other: string | null | undefined) => (other ? (uris.get(other) ?? null) : null);
    return [{ status, inReplyToUri: uriOf(status.inReplyToId), reblogOfUri: uriOf(status.reblogOfId), poll: status.pollId ? (polls.get(status.pollId) ?? null) : null }];
  });
}
