/**
 * Which home feeds a status belongs in: Mastodon 4.0's FanOutOnWriteService for the audience and
 * FeedManager#filter_from_home for replies.
 */

/** What routing a status needs to know about it. */
export interface StatusRouting {
  id: string;
  accountId: string;
  visibility: string;
  /** Empty or absent when the status is not a reply. */
  inReplyToId?: string | undefined;
  /** Author of the replied-to status; empty when unknown. */
  inReplyToAccountId?: string | undefined;
  /** The reblogged status, when this status is a reblog; empty or absent otherwise. */
  reblogOfId?: string | undefined;
  /** The reblogged status's author. */
  reblogOfAccountId?: string | undefined;
}

/** Whose feeds a status is offered to before the reply rule. */
export type Audience = "followers" | "mentioned";

/**
 * Direct statuses go to the accounts they mention; every other visibility (public, unlisted,
 * private) to the author's followers. The author always gets their own status.
 */
export function audienceOf(visibility: string): Audience {
  return visibility === "direct" ? "mentioned" : "followers";
}

/** Whether a status is a reply. */
export function isReply(status: StatusRouting): boolean {
  return Boolean(status.inReplyToId);
}

/**
 * The reply rule of home feeds: a reply reaches a receiver other than its author only when it
 * answers its own author (a thread), answers the receiver, or answers someone the receiver follows,
 * so followers do not see halves of conversations with strangers. A reply whose parent's author is
 * unknown is kept out, as Mastodon does.
 */
export function replyReachesReceiver(status: StatusRouting, receiverId: string, receiverFollowsRepliedTo: boolean): boolean {
  if (receiverId === status.accountId || !isReply(status)) return true;
  const repliedTo = status.inReplyToAccountId;
  if (!repliedTo) return false;
  return repliedTo === status.accountId || repliedTo === receiverId || receiverFollowsRepliedTo;
}
