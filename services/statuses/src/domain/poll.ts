/** A poll as the service stores it: one per status at most. */
export interface Poll {
  id: string;
  statusId: string;
  /** The status's author, who may not vote in it. */
  accountId: string;
  /** Option titles, in the author's order; votes refer to them by index. */
  options: string[];
  /** Votes per option, in the order of `options`. */
  tallies: number[];
  multiple: boolean;
  hideTotals: boolean;
  /** Null only for remote polls without an end; local polls always close. */
  expiresAt: Date | null;
  /** Distinct accounts that voted. */
  votersCount: number;
  createdAt: Date;
  /** The last change: creation, a vote, or an edit. */
  updatedAt: Date;
}

/** A poll as one viewer sees it at one moment: totals may be hidden, and the viewer's votes shown. */
export interface PollView {
  id: string;
  statusId: string;
  expiresAt: Date | null;
  expired: boolean;
  multiple: boolean;
  votesCount: number;
  votersCount: number;
  /** `votesCount` is null while the totals are hidden. */
  options: { title: string; votesCount: number | null }[];
  voted: boolean;
  ownVotes: number[];
}
