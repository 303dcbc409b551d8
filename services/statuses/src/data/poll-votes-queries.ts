import type { Database, Transaction } from "@starling/db";

/** One account's choices in one poll. */
export interface NewPollVotes {
  pollId: string;
  accountId: string;
  choices: number[];
  at: Date;
}

/** Stores one row per choice; `newId` gives each vote its id. */
export async function insertPollVotes(db: Database, trx: Transaction, votes: NewPollVotes, newId: () => string): Promise<void> {
  const rows = votes.choices.map((choice) => ({ id: newId(), poll_id: votes.pollId, account_id: votes.accountId, choice, created_at: votes.at }));
  if (rows.length > 0) await db.table("poll_votes", trx).insert(rows);
}

/** The options `accountId` chose in each of these polls; polls it did not vote in are missing. */
export async function choicesByPoll(db: Database, pollIds: readonly string[], accountId: string, trx?: Transaction): Promise<Map<string, number[]>> {
  const byPoll = new Map<string, number[]>();
  if (pollIds.length === 0) return byPoll;
  const rows: { poll_id: string; choice: number }[] = await db.table("poll_votes", trx).whereIn("poll_id", [...pollIds]).where({ account_id: accountId }).select("poll_id", "choice");
  for (const row of rows) {
    const id = String(row.poll_id);
    byPoll.set(id, [...(byPoll.get(id) ?? []), Number(row.choice)]);
  }
  return byPoll;
}

/** Removes every vote of a poll (an edit changed its options). */
export async function deletePollVotes(db: Database, trx: Transaction, pollId: string): Promise<void> {
  await db.table("poll_votes", trx).where({ poll_id: pollId }).delete();
}
