import type { Transaction } from "@starling/db";
import { enqueueEvents, type OutboxEvent, outboxEvent } from "@starling/events";
import { invalidArgument, notFound, unauthenticated } from "@starling/runtime";
import type { Poll, PollView } from "../domain/poll.ts";
import { checkVote, pollAfterVote, viewPoll } from "../domain/poll-rules.ts";
import { choicesByPoll, insertPollVotes } from "../data/poll-votes-queries.ts";
import { lockPoll, updatePoll } from "../data/polls-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { getPoll } from "./get-poll.ts";

/**
 * Votes as the caller in a poll it can see, and returns the poll as the caller now sees it. The
 * rules run on the poll locked inside the transaction, so two votes of one account racing each
 * other cannot both pass the "already voted" rule, and tallies are never lost. The votes, the new
 * tallies and poll.voted commit together; a refused vote stores nothing.
 */
export async function voteInPoll(deps: StatusesDeps, caller: Caller, pollId: string, choices: number[]): Promise<PollView> {
  const accountId = caller.accountId;
  if (!accountId) throw unauthenticated("This method requires an authenticated user");
  // Visibility asks the accounts service, which must not happen while the transaction is open.
  if (!(await getPoll(deps, caller, pollId))) throw notFound();
  const now = deps.now();
  const voted = await deps.db.transaction(async (trx) => {
    const poll = await lockPoll(deps.db, trx, pollId);
    if (!poll) throw notFound();
    const previous = (await choicesByPoll(deps.db, [poll.id], accountId, trx)).get(poll.id) ?? [];
    const checked = checkVote(poll, { voterId: accountId, choices, previousChoices: previous }, now);
    if (!checked.ok) throw invalidArgument(checked.error);
    const after = await storeVote(deps, trx, poll, { accountId, choices: checked.value, previous, at: now });
    return { poll: after, ownVotes: [...previous, ...checked.value] };
  });
  deps.relay.nudge();
  return viewPoll(voted.poll, { accountId, ownVotes: voted.ownVotes }, now);
}

/** A vote that passed the rules: the new choices of `accountId`, and those it made before in this poll. */
export interface CheckedVote {
  accountId: string;
  choices: number[];
  previous: number[];
  at: Date;
}

/**
 * The writes of every vote, local or remote, inside `trx` with the poll locked: the votes, the
 * tallies (voters grow with a first vote only) and poll.voted. Returns the poll after the vote.
 */
export async function storeVote(deps: Pick<StatusesDeps, "db" | "newId">, trx: Transaction, poll: Poll, vote: CheckedVote): Promise<Poll> {
  await insertPollVotes(deps.db, trx, { pollId: poll.id, accountId: vote.accountId, choices: vote.choices, at: vote.at }, deps.newId);
  const after = pollAfterVote(poll, vote.choices, vote.previous.length === 0, vote.at);
  await updatePoll(deps.db, trx, after);
  await enqueueEvents(deps.db, trx, [pollVotedEvent(after, vote.accountId, vote.choices)]);
  return after;
}

/** poll.voted, keyed by the status id so it stays in order with the status's other events. */
function pollVotedEvent(poll: Poll, accountId: string, choices: number[]): OutboxEvent {
  return outboxEvent("statuses", "poll.voted", poll.statusId, { pollId: poll.id, statusId: poll.statusId, accountId, choices });
}
