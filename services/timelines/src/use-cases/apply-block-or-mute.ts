import type { Transaction } from "@starling/db";
import { applyHideChange, statusesMentioning, type HideKind } from "../data/blocks-and-mutes-queries.ts";
import { followedBy } from "../data/follows-queries.ts";
import type { FeedStore } from "../data/feed-store.ts";
import { homeFeeds } from "../data/home-feed-store.ts";
import { listFeeds } from "../data/list-feed-store.ts";
import { listsOf } from "../data/lists-queries.ts";
import { idsByAuthor } from "../data/statuses-index-queries.ts";
import { lockAuthor } from "../data/author-lock.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { mergeIntoHome } from "./apply-follow-change.ts";

/** A block.* or mute.* event, with the time it happened. */
export interface HideEvent {
  accountId: string;
  targetAccountId: string;
  kind: HideKind;
  /** When a timed mute ends; null otherwise. */
  expiresAt: Date | null;
  /** Mutes: whether notifications from the target are hidden too. */
  hideNotifications?: boolean;
  occurredAt: Date;
}

/**
 * block.created / mute.created: records it, then takes the target's statuses, and statuses
 * mentioning it, out of the account's home and lists (Mastodon's clear_from_home and clear_from_list). A block also takes the
 * blocker's statuses out of the blocked account's home and lists, since it may no longer see them, even those
 * a fan-out delivered before this event arrived (blocks and statuses travel on different topics).
 * The locks on both as authors keep a fan-out from slipping in beside the clean-up.
 */
export async function applyHideStarted(deps: FeedDeps, trx: Transaction, event: HideEvent): Promise<void> {
  // Both locks taken in id order, so two opposite blocks at once cannot deadlock.
  const authors = event.kind === "block" ? [event.accountId, event.targetAccountId].sort() : [event.targetAccountId];
  for (const author of authors) await lockAuthor(trx, author);
  const applied = await applyHideChange(deps.db, trx, { ...event, active: true, changedAt: event.occurredAt });
  if (!applied || event.accountId === event.targetAccountId) return;
  if (event.expiresAt && event.expiresAt.getTime() <= Date.now()) return;
  await clearFromFeeds(deps, trx, event.accountId, event.targetAccountId);
  if (event.kind === "block") await clearFromFeeds(deps, trx, event.targetAccountId, event.accountId);
}

/** Removes `authorId`'s statuses, and statuses mentioning it, from `readerId`'s home feed and list feeds. */
async function clearFromFeeds(deps: FeedDeps, trx: Transaction, readerId: string, authorId: string): Promise<void> {
  await clearFromFeed(deps, trx, homeFeeds, readerId, authorId);
  for (const list of await listsOf(deps.db, readerId, trx)) await clearFromFeed(deps, trx, listFeeds, list.id, authorId);
}

async function clearFromFeed(deps: FeedDeps, trx: Transaction, feeds: FeedStore, feedId: string, authorId: string): Promise<void> {
  const inFeed = await feeds.feedIds(deps.kv, feedId);
  const byAuthor = await idsByAuthor(deps.db, trx, inFeed, authorId);
  const mentioning = await statusesMentioning(deps.db, inFeed, [authorId], trx);
  await feeds.removeManyFromFeed(deps.kv, feedId, [...new Set([...byAuthor, ...mentioning])]);
}

/**
 * block.removed / mute.removed: records the end. An ended mute of an account still followed
 * merges its statuses back (Mastodon's UnmuteService); an ended block has no follow to restore.
 */
export async function applyHideEnded(deps: FeedDeps, trx: Transaction, event: HideEvent): Promise<void> {
  await lockAuthor(trx, event.targetAccountId);
  const applied = await applyHideChange(deps.db, trx, { ...event, active: false, expiresAt: null, changedAt: event.occurredAt });
  if (!applied || event.kind !== "mute") return;
  if ((await followedBy(deps.db, event.accountId, trx, [event.targetAccountId])).size > 0) await mergeIntoHome(deps, trx, event.accountId, event.targetAccountId);
}
