import { countCharacters } from "./character-count.ts";
import type { Poll, PollView } from "./poll.ts";

/** Mastodon's poll limits (reference §7.1; instance configuration `polls`). */
export const POLL_LIMITS = {
  minOptions: 2,
  maxOptions: 4,
  maxCharactersPerOption: 50,
  /** Seconds: five minutes. */
  minExpiration: 300,
  /** Seconds: Ruby's `1.month`. */
  maxExpiration: 2_629_746,
} as const;

/** The poll part of a new or edited status, as the client sent it. */
export interface PollInput {
  options: string[];
  /** Seconds until the poll closes; null when the client sent none. */
  expiresIn: number | null;
  multiple: boolean;
  hideTotals: boolean;
}

/** A poll that passed every rule. */
export interface ValidPoll {
  /** Stripped, without blank ones. */
  options: string[];
  expiresIn: number;
  multiple: boolean;
  hideTotals: boolean;
}

/** The outcome of a rule: the cleaned value, or Mastodon's message for the 422. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

// Ruby's String#strip, then Rails' blank? (any Unicode space), as Mastodon cleans options.
const cleanOptions = (options: string[]) => options.map((o) => o.replace(/^[\t\n\v\f\r \0]+|[\t\n\v\f\r \0]+$/g, "")).filter((o) => !/^\s*$/u.test(o));

const failed = (errors: string[]) => ({ ok: false as const, error: `Validation failed: ${errors.join(", ")}` });

/**
 * Mastodon's rules for a poll on a local status: 2 to 4 distinct options of at most 50 characters
 * (grapheme clusters), open for 5 minutes to a month, and no media on the same status. Every
 * broken rule is listed, in Mastodon's order.
 */
export function validatePoll(input: PollInput, status: { mediaCount: number; minExpiration?: number | undefined }): Checked<ValidPoll> {
  if (status.mediaCount > 0) return failed(["A status with media attachments cannot have a poll"]);
  const options = cleanOptions(input.options);
  const errors: string[] = [];
  if (options.length === 0) errors.push("Poll options can't be blank");
  if (input.expiresIn === null) errors.push("Poll expires at can't be blank");
  if (options.length < POLL_LIMITS.minOptions) errors.push("Poll options must have more than one item");
  if (options.length > POLL_LIMITS.maxOptions) errors.push(`Poll options can't contain more than ${POLL_LIMITS.maxOptions} items`);
  if (options.some((o) => countCharacters(o) > POLL_LIMITS.maxCharactersPerOption)) {
    errors.push(`Poll options cannot be longer than ${POLL_LIMITS.maxCharactersPerOption} characters each`);
  }
  if (new Set(options).size < options.length) errors.push("Poll options contain duplicate items");
  if (input.expiresIn !== null && input.expiresIn > POLL_LIMITS.maxExpiration) errors.push("Poll expires at is too far into the future");
  if (input.expiresIn !== null && input.expiresIn < (status.minExpiration ?? POLL_LIMITS.minExpiration)) errors.push("Poll expires at is too soon");
  if (errors.length > 0 || input.expiresIn === null) return failed(errors);
  return { ok: true, value: { options, expiresIn: input.expiresIn, multiple: input.multiple, hideTotals: input.hideTotals } };
}

/** A new poll of `valid` on a status, opened at `now` with no votes. */
export function newPoll(ids: { id: string; statusId: string; accountId: string }, valid: ValidPoll, now: Date): Poll {
  return {
    ...ids,
    options: valid.options,
    tallies: valid.options.map(() => 0),
    multiple: valid.multiple,
    hideTotals: valid.hideTotals,
    expiresAt: new Date(now.getTime() + valid.expiresIn * 1000),
    votersCount: 0,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * `poll` changed by an edit to `valid` at `now`. As Mastodon, the poll closes `expiresIn` from the
 * edit, and its votes start again when the options or the choice mode changed (`reset`).
 */
export function editedPoll(poll: Poll, valid: ValidPoll, now: Date): { poll: Poll; reset: boolean } {
  const reset = poll.multiple !== valid.multiple || poll.options.length !== valid.options.length || poll.options.some((o, i) => o !== valid.options[i]);
  const opened = newPoll({ id: poll.id, statusId: poll.statusId, accountId: poll.accountId }, valid, now);
  const kept = reset ? {} : { tallies: poll.tallies, votersCount: poll.votersCount };
  return { poll: { ...opened, ...kept, createdAt: poll.createdAt }, reset };
}

/** Whether the poll has closed; as Mastodon, it is still open at the very instant it expires. */
export function isPollExpired(poll: Pick<Poll, "expiresAt">, now: Date): boolean {
  return poll.expiresAt !== null && poll.expiresAt.getTime() < now.getTime();
}

/** A vote to check: who votes what, and what they chose before in this poll. */
export interface VoteAttempt {
  voterId: string;
  choices: number[];
  previousChoices: number[];
}

/**
 * Mastodon's rules for a vote: the poll is open, every choice is an option, the voter is not the
 * author, and the voter has not voted already — on a single-choice poll at all (so one choice
 * only), on a multiple-choice poll for that option (given twice in one request included). Every
 * broken rule is listed. The value is the distinct choices, in the order given.
 */
export function checkVote(poll: Poll, vote: VoteAttempt, now: Date): Checked<number[]> {
  const errors: string[] = [];
  if (vote.choices.length === 0) return failed(["Choices can't be blank"]);
  if (isPollExpired(poll, now)) errors.push("The poll has already ended");
  if (vote.choices.some((c) => !Number.isInteger(c) || c < 0 || c >= poll.options.length)) errors.push("The chosen vote option does not exist");
  if (vote.voterId === poll.accountId) errors.push("You cannot vote in your own polls");
  const repeated = new Set(vote.choices).size < vote.choices.length || vote.choices.some((c) => vote.previousChoices.includes(c));
  const again = poll.multiple ? repeated : vote.previousChoices.length > 0 || vote.choices.length > 1;
  if (again) errors.push("You have already voted on this poll");
  return errors.length > 0 ? failed(errors) : { ok: true, value: [...new Set(vote.choices)] };
}

/** The poll after `choices` were added; voters grow only with a voter's first vote. */
export function pollAfterVote(poll: Poll, choices: number[], firstVote: boolean, now: Date): Poll {
  const tallies = poll.tallies.map((n, i) => (choices.includes(i) ? n + 1 : n));
  return { ...poll, tallies, votersCount: poll.votersCount + (firstVote ? 1 : 0), updatedAt: now };
}

/**
 * The poll as `viewer` sees it at `now`: option totals are hidden while hide_totals is on and the
 * poll is open (from its author too, as Mastodon); the author counts as having voted.
 */
export function viewPoll(poll: Poll, viewer: { accountId: string | undefined; ownVotes: number[] }, now: Date): PollView {
  const expired = isPollExpired(poll, now);
  const showTotals = expired || !poll.hideTotals;
  return {
    id: poll.id,
    statusId: poll.statusId,
    expiresAt: poll.expiresAt,
    expired,
    multiple: poll.multiple,
    votesCount: poll.tallies.reduce((sum, n) => sum + n, 0),
    votersCount: poll.votersCount,
    options: poll.options.map((title, i) => ({ title, votesCount: showTotals ? (poll.tallies[i] ?? 0) : null })),
    voted: viewer.accountId !== undefined && (viewer.accountId === poll.accountId || viewer.ownVotes.length > 0),
    ownVotes: [...viewer.ownVotes].sort((a, b) => a - b),
  };
}
