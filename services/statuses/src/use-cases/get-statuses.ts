import type { Status } from "../domain/status.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatuses } from "./find-visible-status.ts";

/** Mastodon's cap on ids per request (GET /api/v1/statuses?id[]=). */
const MAX_IDS = 1000;

/** Statuses by id in request order, without unknown, deleted and hidden ones. */
export async function getStatuses(deps: StatusesDeps, caller: Caller, ids: readonly string[]): Promise<Status[]> {
  return findVisibleStatuses(deps, caller, ids.slice(0, MAX_IDS));
}
