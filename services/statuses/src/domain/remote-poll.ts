import type { Poll } from "./poll.ts";

/** A remote Question's poll as its server describes it: the options with their counts, and its rules. */
export interface RemotePollState {
  options: { title: string; votesCount: number }[];
  multiple: boolean;
  /** Null when the poll names no end. */
  expiresAt: Date | null;
  votersCount: number;
}

/**
 * The poll of a remote status as stored here, from what its server says (it counts the votes, so
 * its tallies win over ours). `reset` says whether the votes local accounts cast in `previous` no
 * longer fit: the options or the choice mode changed, as a local edit resets them.
 */
export function remotePoll(ids: { id: string; statusId: string; accountId: string }, remote: RemotePollState, previous: Poll | undefined, now: Date): { poll: Poll; reset: boolean } {
  const options = remote.options.map((o) => o.title);
  const tallies = remote.options.map((o) => Math.max(0, o.votesCount));
  const reset = previous !== undefined && (previous.multiple !== remote.multiple || previous.options.length !== options.length || previous.options.some((o, i) => o !== options[i]));
  // Each voter of a single-choice poll casts one vote, so the votes count the voters even when
  // the server leaves votersCount out (it is optional in ActivityPub).
  const votersCount = remote.multiple ? Math.max(0, remote.votersCount) : tallies.reduce((sum, n) => sum + n, 0);
  return {
    poll: {
      ...ids,
      options,
      tallies,
      multiple: remote.multiple,
      hideTotals: false,
      expiresAt: remote.expiresAt,
      votersCount,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    },
    reset,
  };
}
