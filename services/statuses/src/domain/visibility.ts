import { VISIBILITIES, type Status, type Visibility } from "./status.ts";

/** Whether `value` names a visibility. */
export function isVisibility(value: string): value is Visibility {
  return (VISIBILITIES as readonly string[]).includes(value);
}

/** What the visibility rule needs to know about the viewer. */
export interface ViewerStanding {
  /** The viewer's account, absent when anonymous or app-only. */
  accountId: string | undefined;
  /** Whether the viewer follows the status's author. */
  followsAuthor: boolean;
}

type Audience = Pick<Status, "accountId" | "visibility" | "mentionedAccountIds">;

/**
 * Mastodon's StatusPolicy#show?: public and unlisted for everyone; private for the author, the
 * author's followers and the accounts it mentions; direct for the author and the mentioned only.
 */
export function canSee(status: Audience, viewer: ViewerStanding): boolean {
  if (status.visibility === "public" || status.visibility === "unlisted") return true;
  if (viewer.accountId === status.accountId || isMentioned(status, viewer.accountId)) return true;
  return status.visibility === "private" && viewer.followsAuthor;
}

/** Whether seeing a status depends on the viewer following its author (so a relationship lookup is needed). */
export function needsFollowCheck(status: Audience, viewerAccountId: string | undefined): boolean {
  return status.visibility === "private" && viewerAccountId !== undefined && viewerAccountId !== status.accountId && !isMentioned(status, viewerAccountId);
}

function isMentioned(status: Audience, accountId: string | undefined): boolean {
  return accountId !== undefined && (status.mentionedAccountIds ?? []).includes(accountId);
}

/**
 * Mastodon counts a reply on its parent only when the reply is distributable (public or unlisted),
 * so followers-only and direct replies do not reveal themselves through the counter.
 */
export function countsAsReply(visibility: Visibility): boolean {
  return visibility === "public" || visibility === "unlisted";
}
