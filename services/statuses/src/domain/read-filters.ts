import type { Status } from "./status.ts";
import { canSee } from "./visibility.ts";

/** How the viewer stands towards a status's author: what the read rules need of their relationship. */
export interface AuthorStanding {
  following: boolean;
  /** The viewer blocks the author. */
  blocking: boolean;
  /** The author blocks the viewer. */
  blockedBy: boolean;
  /** The viewer mutes the author. */
  muting: boolean;
  /** The viewer blocks the author's domain. */
  domainBlocking: boolean;
}

/** The standing towards an author the viewer has no relationship with (and of anonymous viewers). */
export const NO_STANDING: AuthorStanding = { following: false, blocking: false, blockedBy: false, muting: false, domainBlocking: false };

type Shown = Pick<Status, "accountId" | "visibility" | "mentionedAccountIds">;

/**
 * Mastodon's StatusPolicy#show?: the visibility rule, and nothing at all of an author who blocks
 * the viewer (a 404 for a single status). The viewer's own blocks and mutes do not hide a status
 * asked for by id.
 */
export function mayShow(status: Shown, viewerId: string | undefined, standing: AuthorStanding): boolean {
  if (viewerId !== undefined && viewerId === status.accountId) return true;
  if (standing.blockedBy) return false;
  return canSee(status, { accountId: viewerId, followsAuthor: standing.following });
}

/**
 * Mastodon's StatusFilter for threads and lists: besides what {@link mayShow} hides, statuses of
 * authors the viewer blocks, mutes or whose domain the viewer blocks. The viewer's own never are.
 */
export function hiddenFromThread(status: Shown, viewerId: string | undefined, standing: AuthorStanding): boolean {
  if (viewerId !== undefined && viewerId === status.accountId) return false;
  if (!mayShow(status, viewerId, standing)) return true;
  return standing.blocking || standing.muting || standing.domainBlocking;
}

/**
 * Mastodon's order of a status's descendants: the reply tree depth-first with siblings in id order
 * (`treeOrder`), then the author's replies to themselves moved ahead of the rest, keeping their
 * order, so a self-thread reads first.
 */
export function promoteSelfReplies<S extends Pick<Status, "accountId" | "inReplyToAccountId">>(treeOrder: readonly S[]): S[] {
  const isSelfReply = (s: S) => s.inReplyToAccountId === s.accountId;
  const first = treeOrder.findIndex((s) => !isSelfReply(s));
  if (first < 0) return [...treeOrder];
  const head = treeOrder.slice(0, first);
  const rest = treeOrder.slice(first);
  return [...head, ...rest.filter(isSelfReply), ...rest.filter((s) => !isSelfReply(s))];
}

/** Mastodon's context limits: generous for signed-in viewers, tight for anonymous ones. */
export function contextLimits(signedIn: boolean): { ancestors: number; descendants: number; depth: number } {
  return signedIn ? { ancestors: 4096, descendants: 4096, depth: 4096 } : { ancestors: 40, descendants: 60, depth: 20 };
}
