/**
 * Home feeds in the key-value store: `feed:home:<accountId>`, a sorted set of zero-padded status
 * ids all scored 0 (see domain/feed-range.ts), capped at {@link FEED_SIZE}; and
 * `feed:home:<accountId>:built`, which says the feed was built and need not be rebuilt from
 * PostgreSQL. The feeds hold nothing that cannot be rebuilt.
 */
import type { KeyValueStore, LexRangeQuery } from "@starling/kv";
import { feedMember, idOfMember } from "../domain/feed-range.ts";

/** Entries a home feed keeps: Mastodon's FeedManager::MAX_ITEMS. */
export const FEED_SIZE = 400;

/** How long a built feed is trusted without a read; each read extends it. */
export const BUILT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const feedKey = (accountId: string) => `feed:home:${accountId}`;
const builtKey = (accountId: string) => `feed:home:${accountId}:built`;

/** Adds one status to many feeds in one batch of writes (one pipeline on Redis). */
export async function addToFeeds(kv: KeyValueStore, accountIds: string[], statusId: string): Promise<void> {
  const entries = [{ score: 0, member: feedMember(statusId) }];
  await kv.zaddCappedMany(accountIds.map((id) => ({ key: feedKey(id), entries })), FEED_SIZE);
}

/** Adds many statuses to one feed. */
export async function addManyToFeed(kv: KeyValueStore, accountId: string, statusIds: string[]): Promise<void> {
  if (statusIds.length === 0) return;
  await kv.zaddCapped(feedKey(accountId), statusIds.map((id) => ({ score: 0, member: feedMember(id) })), FEED_SIZE);
}

/** Removes one status from many feeds, issued together like {@link addToFeeds}. */
export async function removeFromFeeds(kv: KeyValueStore, accountIds: string[], statusId: string): Promise<void> {
  const member = [feedMember(statusId)];
  await Promise.all(accountIds.map((id) => kv.zrem(feedKey(id), member)));
}

/** Removes many statuses from one feed. */
export async function removeManyFromFeed(kv: KeyValueStore, accountId: string, statusIds: string[]): Promise<void> {
  if (statusIds.length > 0) await kv.zrem(feedKey(accountId), statusIds.map(feedMember));
}

/** Every status id in a feed. */
export async function feedIds(kv: KeyValueStore, accountId: string): Promise<string[]> {
  return (await kv.zrangeByLex(feedKey(accountId), { order: "desc" })).map(idOfMember);
}

/** The newest `count` status ids of each feed, read together (one pipeline on Redis). */
export async function feedTops(kv: KeyValueStore, accountIds: string[], count: number): Promise<Map<string, string[]>> {
  const tops = await Promise.all(accountIds.map((id) => kv.zrangeByLex(feedKey(id), { order: "desc", count })));
  return new Map(accountIds.map((id, i) => [id, tops[i]!.map(idOfMember)]));
}

/** Status ids of one lexicographic range of a feed, in the range's order. */
export async function readFeed(kv: KeyValueStore, accountId: string, query: LexRangeQuery): Promise<string[]> {
  return (await kv.zrangeByLex(feedKey(accountId), query)).map(idOfMember);
}

/** Extends the built marker; resolves false when the feed was never built or the marker expired. */
export async function touchBuilt(kv: KeyValueStore, accountId: string): Promise<boolean> {
  return kv.expire(builtKey(accountId), BUILT_TTL_MS);
}

/** Records that a feed was built. */
export async function markBuilt(kv: KeyValueStore, accountId: string): Promise<void> {
  await kv.set(builtKey(accountId), "1", { ttlMs: BUILT_TTL_MS });
}
