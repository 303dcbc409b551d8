/**
 * Lists as Mastodon 4.0 keeps them: a title, and a replies policy saying which replies of members
 * reach the list (FeedManager#filter_from_list).
 */
import type { StatusRouting } from "./home-delivery.ts";

/** Mastodon's List.replies_policy values. */
export const REPLIES_POLICIES = ["followed", "list", "none"] as const;
export type RepliesPolicy = (typeof REPLIES_POLICIES)[number];

/** A list's policy when none is given: Mastodon 4.0's default. */
export const DEFAULT_REPLIES_POLICY: RepliesPolicy = "list";

/** Lists an account may have: Mastodon's List::PER_ACCOUNT_LIMIT. */
export const LISTS_PER_ACCOUNT = 50;

/** One list. */
export interface List {
  id: string;
  /** The owner. */
  accountId: string;
  title: string;
  repliesPolicy: RepliesPolicy;
}

/** Whether `value` is a replies policy. */
export function isRepliesPolicy(value: string): value is RepliesPolicy {
  return (REPLIES_POLICIES as readonly string[]).includes(value);
}

/**
 * The list side of the reply rule: a reply to someone other than its author reaches the list when
 * it answers the owner; else under `followed` always (the home rule then keeps replies to accounts
 * the owner does not follow out), under `list` when it answers a member, under `none` never.
 */
export function replyReachesList(status: StatusRouting, list: Pick<List, "accountId" | "repliesPolicy">, repliedToIsMember: boolean): boolean {
  if (!status.inReplyToId || status.inReplyToAccountId === status.accountId) return true;
  if (status.inReplyToAccountId === list.accountId) return true;
  if (list.repliesPolicy === "followed") return true;
  return list.repliesPolicy === "list" && repliedToIsMember;
}
