import { applyHideChange, statusesMentioning, type HideKind } from "../data/blocks-and-mutes-table.ts";
import { followedBy } from "../data/follows-table.ts";
import { feedIds, removeManyFromFeed } from "../data/home-feed-store.ts";
import { idsByAuthor } from "../data/statuses-index-table.ts";
import { lockAuthor, type Trx } from "../data/transaction.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { mergeIntoHome } from "./apply-follow-change.ts";

/** A block.* or mute.* event, with the time it happened. */
export interface HideEvent {
  accountId: string;
  targetAccountId: string;
  kind: HideKind;
  /** When a timed mute ends; null otherwise. */
  expiresAt: Date | null;
  occurredAt: Date;
}

/**
 * block.created / mute.created: records it, then takes the target's statuses, and statuses
 * mentioning it, out of the account's home (Mastodon's clear_from_home). The lock on the target
 * as author keeps a fan-out of its status from slipping in beside the clean-up.
 */
export async function applyHideStarted(deps: FeedDeps, trx: Trx, event: HideEvent): Promise<void> {
  await lockAuthor(trx, event.targetAccountId);
  const applied = await applyHideChange(deps.db, trx, { ...event, active: true, changedAt: event.occurredAt });
  if (!applied || event.accountId === event.targetAccountId) return;
  if (event.expiresAt && event.expiresAt.getTime() <= Date.now()) return;
  const inFeed = await feedIds(deps.kv, event.accountId);
  const byTarget = await idsByAuthor(deps.db, trx, inFeed, event.targetAccountId);
  const mentioning = await statusesMentioning(deps.db, inFeed, [event.targetAccountId], trx);
  await removeManyFromFeed(deps.kv, event.accountId, [...new Set([...byTarget, ...mentioning])]);
}

/**
 * block.removed / mute.removed: records the end. An ended mute of an account still followed
 * merges its statuses back (Mastodon's UnmuteService); an ended block has no follow to restore.
 */
export async function applyHideEnded(deps: FeedDeps, trx: Trx, event: HideEvent): Promise<void> {
  await lockAuthor(trx, event.targetAccountId);
  const applied = await applyHideChange(deps.db, trx, { ...event, active: false, expiresAt: null, changedAt: event.occurredAt });
  if (!applied || event.kind !== "mute") return;
  if ((await followedBy(deps.db, event.accountId, trx, [event.targetAccountId])).size > 0) await mergeIntoHome(deps, trx, event.accountId, event.targetAccountId);
}
