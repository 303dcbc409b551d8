/**
 * Mastodon 4.0's rules for reblogs and pins (StatusPolicy#reblog?, ReblogService, StatusPinValidator),
 * as pure functions over the status and the acting account.
 */
import type { Status, Visibility } from "./status.ts";

/** Most statuses an account may pin (StatusPinValidator). */
export const MAX_PINNED_STATUSES = 5;

/** Visibilities a reblog itself may have. */
const REBLOG_VISIBILITIES: readonly string[] = ["public", "unlisted", "private"];

/**
 * Whether `accountId` may reblog `status`: never a direct status, a followers-only one only by its
 * author (who can see it; seeing is checked before).
 */
export function mayReblog(status: Pick<Status, "accountId" | "visibility">, accountId: string): boolean {
  if (status.visibility === "direct") return false;
  return status.visibility !== "private" || status.accountId === accountId;
}

/**
 * The reblog's visibility: a followers-only original keeps its own, otherwise the requested one
 * (public when none was given). Undefined when the request names no reblog visibility.
 */
export function reblogVisibility(original: Pick<Status, "visibility">, requested: string | undefined): Visibility | undefined {
  if (requested !== undefined && !REBLOG_VISIBILITIES.includes(requested)) return undefined;
  if (original.visibility === "private") return "private";
  return (requested ?? "public") as Visibility;
}

/**
 * Why `accountId` may not pin `status` (Mastodon's messages), or undefined when it may.
 * `pinnedAlready` is left out for remote accounts: as in Mastodon, only local accounts have a
 * maximum, a remote server keeps its own.
 */
export function pinRefusal(status: Pick<Status, "accountId" | "visibility" | "reblogOfId">, accountId: string, pinnedAlready?: number): string | undefined {
  if (status.reblogOfId) return "A boost cannot be pinned";
  if (status.accountId !== accountId) return "Someone else's post cannot be pinned";
  if (status.visibility === "direct") return "Posts that are only visible to mentioned users cannot be pinned";
  if (pinnedAlready !== undefined && pinnedAlready >= MAX_PINNED_STATUSES) return "You have already pinned the maximum number of posts";
  return undefined;
}
