import type { Transaction } from "@starling/db";
import { failedPrecondition, invalidArgument, permissionDenied } from "@starling/runtime";
import { remotePoll } from "../domain/remote-poll.ts";
import { applyRemoteEdit, isNewerEdit, newRemoteStatus, validateRemoteStatus, type RemoteStatusInput, type ValidRemoteStatus } from "../domain/remote-status.ts";
import type { Status } from "../domain/status.ts";
import { pollSnapshot } from "../domain/status-version.ts";
import { findLiveStatus, findStatusByUri, lockStatusUri } from "../data/statuses-queries.ts";
import type { StatusesDeps } from "./dependencies.ts";
import { refreshRemotePoll, replaceRemotePoll } from "./status-poll.ts";
import { storeNewStatus } from "./store-new-status.ts";
import { storeStatusEdit, versionsBeforeEdit } from "./store-status-edit.ts";

/** What {@link upsertRemoteStatus} did. */
export interface UpsertedRemoteStatus {
  /** The status as stored now; null when its URI belongs to a status deleted here. */
  status: Status | null;
  created: boolean;
}

type Deps = Pick<StatusesDeps, "db" | "newId" | "now" | "relay">;

/**
 * Stores a remote Note or Question (an inbound Create or Update), found by its URI, through the
 * write paths of local statuses. A new one is stored as a local status is (hashtags, poll, the
 * parent's reply count, status.created with local=false). A known one is edited only by a later
 * explicit edit, as a local edit is (versions, status.updated); otherwise only its poll's counts
 * are refreshed, since the remote server counts them. A URI of a status deleted here stays
 * deleted, as Mastodon ignores objects it saw deleted. Writes of one URI run one at a time.
 */
export async function upsertRemoteStatus(deps: Deps, input: RemoteStatusInput): Promise<UpsertedRemoteStatus> {
  const checked = validateRemoteStatus(input);
  if (!checked.ok) throw invalidArgument(checked.error);
  const valid = checked.status;
  const outcome = await deps.db.transaction(async (trx) => {
    await lockStatusUri(trx, valid.uri);
    const stored = await findStatusByUri(deps.db, valid.uri, trx);
    if (!stored) return { status: await createRemoteStatus(deps, trx, valid), created: true, changed: true };
    if (stored.local || stored.accountId !== valid.accountId) throw permissionDenied("The status belongs to another account");
    if (stored.reblogOfId) throw failedPrecondition("The URI belongs to a reblog");
    if (stored.deletedAt) return { status: null, created: false, changed: false };
    if (isNewerEdit(stored, valid)) return { status: await editRemoteStatus(deps, trx, stored, valid), created: false, changed: true };
    await refreshRemotePoll(deps.db, trx, stored, valid.poll, deps.now());
    return { status: stored, created: false, changed: false };
  });
  if (outcome.changed) deps.relay.nudge();
  return { status: outcome.status, created: outcome.created };
}

async function createRemoteStatus(deps: Deps, trx: Transaction, valid: ValidRemoteStatus): Promise<Status> {
  const now = deps.now();
  const parent = valid.inReplyToId ? await findLiveStatus(deps.db, valid.inReplyToId, trx) : undefined;
  const id = deps.newId();
  const poll = valid.poll && remotePoll({ id: deps.newId(), statusId: id, accountId: valid.accountId }, valid.poll, undefined, now).poll;
  const status = newRemoteStatus(id, valid, parent, poll?.id ?? null, now);
  await storeNewStatus(deps, trx, status, valid.tags, poll);
  return status;
}

async function editRemoteStatus(deps: Deps, trx: Transaction, stored: Status, valid: ValidRemoteStatus): Promise<Status> {
  const earlier = await versionsBeforeEdit(deps, trx, stored);
  const replaced = await replaceRemotePoll(deps.db, trx, stored, valid.poll, deps.now(), deps.newId);
  const next = applyRemoteEdit(stored, valid, replaced.poll?.id ?? null);
  await storeStatusEdit(deps, trx, { earlier, next, poll: pollSnapshot(replaced.poll), tags: valid.tags });
  return next;
}
