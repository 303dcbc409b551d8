import { notFound, permissionDenied } from "@starling/runtime";
import { pinRefusal } from "../domain/interaction-rules.ts";
import { isStatusId } from "../domain/new-status.ts";
import type { Status } from "../domain/status.ts";
import { livePins, lockPinsOf } from "../data/interaction-records-queries.ts";
import { findLiveStatus, findLiveStatuses } from "../data/statuses-queries.ts";
import type { StatusesDeps } from "./dependencies.ts";
import { addPin, deletePin, insertPin, removePin } from "./pin-status.ts";
import { remoteAccount } from "./receive-remote-interactions.ts";

// Remote accounts feature their posts in a collection their server serves (Mastodon's
// `featured`); these keep its copy here, through the pin path of local accounts.

type Deps = Pick<StatusesDeps, "db" | "newId" | "now" | "relay">;

/** An inbound Add to the account's featured collection: its own status pinned, without the local maximum. */
export async function receivePin(deps: Deps, accountId: string, statusId: string): Promise<void> {
  await addPin(deps, remoteAccount(accountId), await remoteStatus(deps, statusId), { limited: false });
}

/** An inbound Remove from the account's featured collection; unpinning what is not pinned changes nothing. */
export async function receiveUnpin(deps: Deps, accountId: string, statusId: string): Promise<void> {
  await removePin(deps, remoteAccount(accountId), await remoteStatus(deps, statusId));
}

/**
 * The account's featured collection as its server lists it, most recently pinned first: pins of
 * statuses no longer listed go, listed ones that may be pinned (the account's own, not reblogs,
 * not direct, known here) are added, each with its event, as Mastodon syncs the collection.
 * Answers the ids pinned now, in the given order.
 */
export async function receiveFeatured(deps: Deps, accountId: string, statusIds: readonly string[]): Promise<string[]> {
  remoteAccount(accountId);
  const wanted = [...new Set(statusIds.filter(isStatusId))];
  const found = new Map((await findLiveStatuses(deps.db, wanted)).map((s) => [s.id, s]));
  const featured = wanted.flatMap((id) => found.get(id) ?? []).filter((s) => !s.local && !pinRefusal(s, accountId));
  const changed = await deps.db.transaction(async (trx) => {
    await lockPinsOf(trx, accountId);
    const pinned = new Set((await livePins(deps.db, accountId, trx)).map((p) => p.statusId));
    const keep = new Set(featured.map((s) => s.id));
    const gone = await findLiveStatuses(deps.db, [...pinned].filter((id) => !keep.has(id)), trx);
    let count = 0;
    for (const status of gone) if (await deletePin(deps, trx, accountId, status)) count++;
    // Last listed first, so pin order (newest first) follows the collection's.
    for (const status of featured.toReversed()) if (!pinned.has(status.id) && (await insertPin(deps, trx, accountId, status))) count++;
    return count > 0;
  });
  if (changed) deps.relay.nudge();
  return featured.map((s) => s.id);
}

// The status a remote account pins: one of a remote server (local ones are pinned through
// PinStatus, within the maximum); authorship is checked with the other pin rules.
async function remoteStatus(deps: Deps, id: string): Promise<Status> {
  const status = isStatusId(id) ? await findLiveStatus(deps.db, id) : undefined;
  if (!status) throw notFound();
  if (status.local) throw permissionDenied("A local status is not pinned through federation");
  return status;
}
