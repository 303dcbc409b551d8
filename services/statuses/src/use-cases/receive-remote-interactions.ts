import { invalidArgument, notFound, permissionDenied } from "@starling/runtime";
import { mayReblog, reblogVisibility } from "../domain/interaction-rules.ts";
import { isStatusId } from "../domain/new-status.ts";
import { isHttpUri } from "../domain/remote-status.ts";
import type { Status } from "../domain/status.ts";
import { findLiveReblog } from "../data/reblogs-queries.ts";
import { findLiveStatus, findStatusByUri } from "../data/statuses-queries.ts";
import type { StatusesDeps } from "./dependencies.ts";
import { favourites } from "./favourite-status.ts";
import { newReblog, storeReblog } from "./reblog-status.ts";
import { addRecordOn, removeRecordOn } from "./record-interaction.ts";

type Deps = Pick<StatusesDeps, "db" | "newId" | "now" | "relay">;

/** An inbound Announce of a status known here. */
export interface RemoteReblogInput {
  accountId: string;
  statusId: string;
  /** The Announce activity's id, which the reblog keeps as its URI. */
  uri: string;
  /** As derived from the Announce's audience; "" for public. */
  visibility: string;
  createdAt: Date | null;
}

/**
 * A reblog by a remote account through the reblog path of local ones (the original's count,
 * status.created for the reblog, reblog.created), the reblog keeping the Announce's id as URI.
 * Mastodon's rules apply (no direct statuses, followers-only ones by their author only: else
 * PERMISSION_DENIED). A repeated Announce, or another one of a status the account reblogged
 * already, answers with the reblog stored first; an Announce undone since is not stored again.
 */
export async function receiveReblog(deps: Deps, input: RemoteReblogInput): Promise<string> {
  const accountId = remoteAccount(input.accountId);
  if (!isHttpUri(input.uri)) throw invalidArgument("uri must be an http(s) URL");
  const known = await findStatusByUri(deps.db, input.uri);
  if (known) return sameReblog(known, accountId).id;
  const original = await properStatus(deps, input.statusId);
  if (!mayReblog(original, accountId)) throw permissionDenied("This action is not allowed");
  const visibility = reblogVisibility(original, input.visibility);
  if (!visibility) throw invalidArgument(`visibility '${input.visibility}' is not public, unlisted or private`);
  const existing = await findLiveReblog(deps.db, accountId, original.id);
  if (existing) return existing.id;
  const reblog = newReblog(original, { id: deps.newId(), uri: input.uri, url: null, accountId, visibility, local: false, createdAt: input.createdAt ?? deps.now() });
  if (await storeReblog(deps, reblog, original)) return reblog.id;
  // A concurrent delivery won, of this Announce or of another one of the same status.
  const current = (await findStatusByUri(deps.db, input.uri)) ?? (await findLiveReblog(deps.db, accountId, original.id));
  if (!current) throw notFound();
  return sameReblog(current, accountId).id;
}

/** An inbound Like, through the favourite path of local ones (count, favourite.created); a repeat changes nothing. */
export async function receiveFavourite(deps: Deps, accountId: string, statusId: string): Promise<void> {
  await addRecordOn(deps, remoteAccount(accountId), await properStatus(deps, statusId), favourites);
}

/** An inbound Undo of a Like (count, favourite.deleted); without a favourite nothing changes. */
export async function receiveUnfavourite(deps: Deps, accountId: string, statusId: string): Promise<void> {
  await removeRecordOn(deps, remoteAccount(accountId), await properStatus(deps, statusId), favourites);
}

/** The acting remote account's id, checked to be one (INVALID_ARGUMENT otherwise). */
export function remoteAccount(accountId: string): string {
  if (!isStatusId(accountId)) throw invalidArgument("account_id must be an account id");
  return accountId;
}

// The status interacted with: the original when given a reblog, as for local interactions.
async function properStatus(deps: Deps, id: string): Promise<Status> {
  const status = isStatusId(id) ? await findLiveStatus(deps.db, id) : undefined;
  const proper = status?.reblogOfId ? await findLiveStatus(deps.db, status.reblogOfId) : status;
  if (!proper) throw notFound();
  return proper;
}

// A status already holding the Announce's id must be that account's reblog.
function sameReblog(status: Status, accountId: string): Status {
  if (status.local || status.accountId !== accountId) throw permissionDenied("The URI belongs to another account's status");
  if (!status.reblogOfId) throw invalidArgument("The URI belongs to a status, not a reblog");
  return status;
}
