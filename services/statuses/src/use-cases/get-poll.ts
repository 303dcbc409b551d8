import { isStatusId } from "../domain/new-status.ts";
import type { Poll, PollView } from "../domain/poll.ts";
import { viewPoll } from "../domain/poll-rules.ts";
import { choicesByPoll } from "../data/poll-votes-queries.ts";
import { findPolls } from "../data/polls-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { findVisibleStatuses } from "./find-visible-status.ts";

/**
 * The polls with these ids as the caller sees them now, in request order, leaving out unknown ones
 * and those whose status the caller may not see (deleted, private, blocked). One query for the
 * polls, the visibility check of their statuses, and one query for the caller's votes in all of them.
 */
export async function getPolls(deps: StatusesDeps, caller: Caller, ids: readonly string[]): Promise<PollView[]> {
  const polls = await findPolls(deps.db, [...new Set(ids.filter(isStatusId))]);
  const visible = new Set((await findVisibleStatuses(deps, caller, polls.map((p) => p.statusId))).map((s) => s.id));
  const views = new Map((await viewPolls(deps, caller, polls.filter((p) => visible.has(p.statusId)))).map((v) => [v.id, v]));
  return ids.flatMap((id) => views.get(id) ?? []);
}

/** One poll the caller may see, or undefined. */
export async function getPoll(deps: StatusesDeps, caller: Caller, id: string): Promise<PollView | undefined> {
  const [poll] = await getPolls(deps, caller, [id]);
  return poll;
}

/** Polls of statuses already known to be visible, with the caller's votes (one query for all of them). */
export async function viewPolls(deps: StatusesDeps, caller: Caller, polls: Poll[]): Promise<PollView[]> {
  const now = deps.now();
  const mine = caller.accountId ? await choicesByPoll(deps.db, polls.map((p) => p.id), caller.accountId) : new Map<string, number[]>();
  return polls.map((poll) => viewPoll(poll, { accountId: caller.accountId, ownVotes: mine.get(poll.id) ?? [] }, now));
}
