import type { Database, Transaction } from "@starling/db";
import { statusRowsChanged } from "./status-page-cache.ts";
import type { Poll } from "../domain/poll.ts";
import { deletePollVotes } from "./poll-votes-queries.ts";

/** A row of `polls` as pg returns it (int8 as strings). */
interface PollRow {
  id: string;
  status_id: string;
  account_id: string;
  options: string[];
  tallies: number[];
  multiple: boolean;
  hide_totals: boolean;
  expires_at: Date | null;
  voters_count: number;
  created_at: Date;
  updated_at: Date;
}

const pollFromRow = (row: PollRow): Poll => ({
  id: String(row.id),
  statusId: String(row.status_id),
  accountId: String(row.account_id),
  options: row.options,
  tallies: row.tallies.map(Number),
  multiple: row.multiple,
  hideTotals: row.hide_totals,
  expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
  votersCount: Number(row.voters_count),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const rowFromPoll = (poll: Poll): PollRow => ({
  id: poll.id,
  status_id: poll.statusId,
  account_id: poll.accountId,
  options: poll.options,
  tallies: poll.tallies,
  multiple: poll.multiple,
  hide_totals: poll.hideTotals,
  expires_at: poll.expiresAt,
  voters_count: poll.votersCount,
  created_at: poll.createdAt,
  updated_at: poll.updatedAt,
});

/** Stores a new poll. */
export async function insertPoll(db: Database, trx: Transaction, poll: Poll): Promise<void> {
  await db.table("polls", trx).insert(rowFromPoll(poll));
}

/** The polls with these ids, in no particular order; unknown ids are left out. */
export async function findPolls(db: Database, ids: readonly string[], trx?: Transaction): Promise<Poll[]> {
  if (ids.length === 0) return [];
  const rows: PollRow[] = await db.table("polls", trx).whereIn("id", [...ids]);
  return rows.map(pollFromRow);
}

/** One poll, locked for the rest of the transaction so concurrent votes are counted one by one. */
export async function lockPoll(db: Database, trx: Transaction, id: string): Promise<Poll | undefined> {
  const row: PollRow | undefined = await db.table("polls", trx).where({ id }).forUpdate().first();
  return row && pollFromRow(row);
}

/** Writes everything of a stored poll but its id, status and author (votes, edits). */
export async function updatePoll(db: Database, trx: Transaction, poll: Poll): Promise<void> {
  const { id: _id, status_id: _status, account_id: _account, ...changes } = rowFromPoll(poll);
  await db.table("polls", trx).where({ id: poll.id }).update(changes);
}

/** Removes a poll and its votes. */
export async function deletePoll(db: Database, trx: Transaction, id: string): Promise<void> {
  await deletePollVotes(db, trx, id);
  await db.table("polls", trx).where({ id }).delete();
}

/** Points a status at its poll (or at none). */
export async function setStatusPollId(db: Database, trx: Transaction, statusId: string, pollId: string | null): Promise<void> {
  await db.table("statuses", trx).where({ id: statusId }).update({ poll_id: pollId });
  await statusRowsChanged(db, trx, [statusId]);
}
