import { failedPrecondition, invalidArgument, notFound } from "@starling/runtime";
import { isStatusId } from "../domain/new-status.ts";
import { checkVote, isPollExpired } from "../domain/poll-rules.ts";
import { choicesByPoll } from "../data/poll-votes-queries.ts";
import { lockPoll } from "../data/polls-queries.ts";
import { findLiveStatus } from "../data/statuses-queries.ts";
import type { StatusesDeps } from "./dependencies.ts";
import { storeVote } from "./vote-in-poll.ts";

/** A remote account's answer to a local Question: the titles of the options it chose. */
export interface RemotePollVoteInput {
  accountId: string;
  statusId: string;
  choices: string[];
}

/**
 * Counts a remote account's vote in a local poll through the vote path of local ones (votes,
 * tallies, poll.voted). ActivityPub sends one Note per chosen option, so a multiple-choice poll
 * takes further options in later votes; choices already counted for the account are left out,
 * and a vote of nothing new (a redelivery) changes nothing. Otherwise Mastodon's rules refuse
 * with FAILED_PRECONDITION: an ended poll, a second vote in a single-choice poll, the author's
 * own poll. Only polls of local statuses take votes here (remote ones are counted by their server).
 */
export async function receivePollVote(deps: Pick<StatusesDeps, "db" | "newId" | "now" | "relay">, input: RemotePollVoteInput): Promise<void> {
  if (!isStatusId(input.accountId)) throw invalidArgument("account_id must be an account id");
  if (input.choices.length === 0) throw invalidArgument("Validation failed: Choices can't be blank");
  const status = isStatusId(input.statusId) ? await findLiveStatus(deps.db, input.statusId) : undefined;
  if (!status) throw notFound();
  const pollId = status.pollId;
  if (!status.local || !pollId) throw failedPrecondition("The status has no local poll");
  const now = deps.now();
  const counted = await deps.db.transaction(async (trx) => {
    const poll = await lockPoll(deps.db, trx, pollId);
    if (!poll) throw notFound();
    const chosen = [...new Set(input.choices)].map((title) => poll.options.indexOf(title));
    if (chosen.some((index) => index < 0)) throw invalidArgument("The chosen vote option does not exist");
    if (isPollExpired(poll, now)) throw failedPrecondition("The poll has already ended");
    const previous = (await choicesByPoll(deps.db, [poll.id], input.accountId, trx)).get(poll.id) ?? [];
    const fresh = chosen.filter((index) => !previous.includes(index));
    if (fresh.length === 0) return false;
    const checked = checkVote(poll, { voterId: input.accountId, choices: fresh, previousChoices: previous }, now);
    if (!checked.ok) throw failedPrecondition(checked.error);
    await storeVote(deps, trx, poll, { accountId: input.accountId, choices: checked.value, previous, at: now });
    return true;
  });
  if (counted) deps.relay.nudge();
}
