import { notFound, unauthenticated } from "@starling/runtime";
import type { Status } from "../domain/status.ts";
import type { Caller } from "./dependencies.ts";
import type { StatusesDeps } from "./dependencies.ts";
import { findVisibleStatus } from "./find-visible-status.ts";

/** The caller's account; interactions need a signed-in user. */
export function actingAccount(caller: Caller): string {
  if (!caller.accountId) throw unauthenticated("This method requires an authenticated user");
  return caller.accountId;
}

/**
 * The status an interaction is about: the visible status `id`, or the original when it is a
 * reblog (Mastodon favourites, bookmarks and reblogs the original). NOT_FOUND when either cannot
 * be seen, as Mastodon does not reveal hidden statuses.
 */
export async function visibleProperStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  const status = await findVisibleStatus(deps, caller, id);
  const proper = status?.reblogOfId ? await findVisibleStatus(deps, caller, status.reblogOfId) : status;
  if (!proper) throw notFound();
  return proper;
}

/** The visible status `id` itself, or NOT_FOUND. */
export async function visibleStatus(deps: StatusesDeps, caller: Caller, id: string): Promise<Status> {
  const status = await findVisibleStatus(deps, caller, id);
  if (!status) throw notFound();
  return status;
}
