import type { Transaction } from "@starling/db";
import { enqueueEvents } from "@starling/events";
import type { Status } from "../domain/status.ts";
import { pollSnapshot, versionOfStatus, type PollSnapshot, type StatusVersion } from "../domain/status-version.ts";
import { findPolls } from "../data/polls-queries.ts";
import { hasStatusVersions, insertStatusVersions, saveEditedStatus } from "../data/status-edits-queries.ts";
import { replaceStatusTags, type TagUse } from "../data/status-tags-queries.ts";
import type { StatusesDeps } from "./dependencies.ts";
import { statusUpdatedEvent } from "./status-events.ts";

/**
 * The versions an edit of the locked status `current` starts from: on its first edit, the original
 * as a version dated at the status's creation (so history always holds every version), otherwise
 * none. Read before the edit replaces the poll, whose options the original version keeps.
 */
export async function versionsBeforeEdit(deps: Pick<StatusesDeps, "db" | "newId">, trx: Transaction, current: Status): Promise<StatusVersion[]> {
  if (await hasStatusVersions(deps.db, trx, current.id)) return [];
  const [poll] = current.pollId ? await findPolls(deps.db, [current.pollId], trx) : [];
  return [versionOfStatus(deps.newId(), current, pollSnapshot(poll), current.createdAt)];
}

/** An edited status as it is to be stored. */
export interface StatusEditWrite {
  /** From {@link versionsBeforeEdit}. */
  earlier: StatusVersion[];
  /** The status after the edit, its `editedAt` set; its poll already stored. */
  next: Status;
  poll: PollSnapshot | null;
  tags: readonly TagUse[];
}

/**
 * The writes of every edit, local or remote, inside `trx` (Mastodon's UpdateStatusService and its
 * remote counterpart): the status row, its hashtags, the versions (the new one dated at the edit)
 * and status.updated. A remote edit's version is dated at the remote's `updated`.
 */
export async function storeStatusEdit(deps: Pick<StatusesDeps, "db" | "newId" | "now">, trx: Transaction, edit: StatusEditWrite): Promise<void> {
  const at = edit.next.editedAt ?? edit.next.createdAt;
  await saveEditedStatus(deps.db, trx, edit.next);
  await replaceStatusTags(deps.db, trx, edit.next.id, edit.tags, deps.newId, deps.now());
  await insertStatusVersions(deps.db, trx, [...edit.earlier, versionOfStatus(deps.newId(), edit.next, edit.poll, at)]);
  await enqueueEvents(deps.db, trx, [statusUpdatedEvent(edit.next)]);
}
