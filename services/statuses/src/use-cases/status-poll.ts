import type { Database, Transaction } from "@starling/db";
import { invalidArgument } from "@starling/runtime";
import type { Poll } from "../domain/poll.ts";
import { editedPoll, newPoll, validatePoll, type PollInput, type ValidPoll } from "../domain/poll-rules.ts";
import { remotePoll, type RemotePollState } from "../domain/remote-poll.ts";
import type { Status } from "../domain/status.ts";
import { deletePollVotes } from "../data/poll-votes-queries.ts";
import { deletePoll, insertPoll, lockPoll, setStatusPollId, updatePoll } from "../data/polls-queries.ts";

/**
 * The poll part of a new or edited status, checked before any write: null when there is none,
 * INVALID_ARGUMENT with Mastodon's message when a rule fails (including a poll beside media).
 */
export function validStatusPoll(input: PollInput | null | undefined, mediaCount: number, minExpiration?: number): ValidPoll | null {
  if (!input) return null;
  const checked = validatePoll(input, { mediaCount, minExpiration });
  if (!checked.ok) throw invalidArgument(checked.error);
  return checked.value;
}

/** The poll of a status being created (ids chosen, no votes), or null; stored with `insertPoll` in the status's transaction. */
export function newStatusPoll(status: Status, valid: ValidPoll | null, newId: () => string): Poll | null {
  return valid && newPoll({ id: newId(), statusId: status.id, accountId: status.accountId }, valid, status.createdAt);
}

/** What {@link replaceStatusPoll} did. */
export interface ReplacedPoll {
  /** The status's poll now; null when it has none. */
  poll: Poll | null;
  /** Whether the poll appeared, went, or changed (options, choice mode or end); votes were then reset if options or mode changed. */
  changed: boolean;
}

/**
 * Gives an edited status the poll `valid` (or none) inside the edit's transaction, as Mastodon's
 * edit does: an existing poll keeps its id and takes the new options and rules, closing
 * `expiresIn` from `now`; its votes are deleted and its tallies reset when the options or the
 * choice mode changed. Without `valid` the poll and its votes are removed. The status row's
 * poll_id is kept in step; callers that write the status row themselves set `pollId` from the result.
 */
export async function replaceStatusPoll(db: Database, trx: Transaction, status: Status, valid: ValidPoll | null, now: Date, newId: () => string): Promise<ReplacedPoll> {
  return storeStatusPoll(db, trx, status, (previous) => {
    if (!valid) return null;
    if (!previous) return { poll: newPoll({ id: newId(), statusId: status.id, accountId: status.accountId }, valid, now), reset: false };
    return editedPoll(previous, valid, now);
  });
}

/**
 * Gives a remote status the poll its server describes (or none) inside the upsert's transaction:
 * options, tallies, voters and end are the remote's, since its server counts the votes. An
 * existing poll keeps its id; local accounts' votes are deleted when the options or the choice
 * mode changed, as for a local edit.
 */
export async function replaceRemotePoll(db: Database, trx: Transaction, status: Status, remote: RemotePollState | null, now: Date, newId: () => string): Promise<ReplacedPoll> {
  return storeStatusPoll(db, trx, status, (previous) => remote && remotePoll({ id: previous?.id ?? newId(), statusId: status.id, accountId: status.accountId }, remote, previous, now));
}

/**
 * The write both kinds of poll replacement share: locks the status's poll, asks `next` what it
 * becomes (null: none), then stores it, deletes its votes on a reset, and keeps the status row's
 * poll_id in step.
 */
async function storeStatusPoll(db: Database, trx: Transaction, status: Status, next: (previous: Poll | undefined) => { poll: Poll; reset: boolean } | null): Promise<ReplacedPoll> {
  const previous = status.pollId ? await lockPoll(db, trx, status.pollId) : undefined;
  const wanted = next(previous);
  if (!wanted) {
    if (!previous) return { poll: null, changed: false };
    await deletePoll(db, trx, previous.id);
    await setStatusPollId(db, trx, status.id, null);
    return { poll: null, changed: true };
  }
  const { poll, reset } = wanted;
  if (!previous) {
    await insertPoll(db, trx, poll);
    await setStatusPollId(db, trx, status.id, poll.id);
    return { poll, changed: true };
  }
  if (reset) await deletePollVotes(db, trx, poll.id);
  await updatePoll(db, trx, poll);
  return { poll, changed: reset || poll.expiresAt?.getTime() !== previous.expiresAt?.getTime() || poll.hideTotals !== previous.hideTotals };
}

/**
 * Takes a remote poll's latest counts, voters and end when the status itself is not edited (a
 * repeated Create, an Update without a later `updated`), as Mastodon's implicit update does; a
 * poll whose options or choice mode changed waits for an explicit edit.
 */
export async function refreshRemotePoll(db: Database, trx: Transaction, status: Status, remote: RemotePollState | null, now: Date): Promise<void> {
  const previous = status.pollId && remote ? await lockPoll(db, trx, status.pollId) : undefined;
  if (!previous || !remote) return;
  const { poll, reset } = remotePoll(previous, remote, previous, now);
  if (!reset) await updatePoll(db, trx, poll);
}
