import { invalidArgument, permissionDenied } from "@starling/runtime";
import { isStatusId } from "../domain/new-status.ts";
import { findStatusByUri } from "../data/statuses-queries.ts";
import type { StatusesDeps } from "./dependencies.ts";
import { softDeleteStatus } from "./delete-status.ts";

/** A remote object named by its author and its ActivityPub id. */
export interface RemoteStatusRef {
  accountId: string;
  uri: string;
}

type Deps = Pick<StatusesDeps, "db" | "now" | "relay">;

/**
 * An inbound Delete: soft-deletes the status with this URI through the delete path of every
 * status (the parent's reply count, status.deleted, its reblogs; a reblog's URI deletes the
 * reblog). Only its remote author may: anyone else, and any local status, is PERMISSION_DENIED. An unknown or already deleted
 * URI changes nothing, as Mastodon tolerates deletes of objects it never stored.
 */
export async function deleteRemoteStatus(deps: Deps, ref: RemoteStatusRef): Promise<void> {
  await removeByUri(deps, ref, { reblogOnly: false });
}

/** An inbound Undo of an Announce, by the Announce's id: the reblog goes as a deleted status does. */
export async function receiveUnreblog(deps: Deps, ref: RemoteStatusRef): Promise<void> {
  await removeByUri(deps, ref, { reblogOnly: true });
}

async function removeByUri(deps: Deps, ref: RemoteStatusRef, options: { reblogOnly: boolean }): Promise<void> {
  if (!isStatusId(ref.accountId)) throw invalidArgument("account_id must be an account id");
  const status = await findStatusByUri(deps.db, ref.uri);
  if (!status || status.deletedAt) return;
  // Local statuses are deleted by their authors here, never through federation.
  if (status.local || status.accountId !== ref.accountId) throw permissionDenied("The status belongs to another account");
  if (options.reblogOnly && !status.reblogOfId) throw invalidArgument("The URI belongs to a status, not a reblog");
  const deletedAt = deps.now();
  // A concurrent delete of the same status wins; this one then has nothing left to do.
  if (await deps.db.transaction((trx) => softDeleteStatus(deps, trx, status, deletedAt))) deps.relay.nudge();
}
