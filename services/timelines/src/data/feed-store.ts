/**
 * Feeds in the key-value store, one shape for home and list feeds (Mastodon's `feed:home:<id>` and
 * `feed:list:<id>`): a sorted set of zero-padded status ids all scored 0 (see domain/feed-range.ts),
 * capped at {@link FEED_SIZE}, and `<key>:built`, which says the feed was built and need not be
 * rebuilt from PostgreSQL. The feeds hold nothing that cannot be rebuilt.
 */
import type { KeyValueStore, LexRangeQuery } from "@starling/kv";
import { feedMember, idOfMember } from "../domain/feed-range.ts";

/** Entries a feed keeps: Mastodon's FeedManager::MAX_ITEMS. */
export const FEED_SIZE = 400;

/** How long a built feed is trusted without a read; each read extends it. */
export const BUILT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The operations on one kind of feed, each feed named by its owner's id (an account's or a list's). */
export interface FeedStore {
  /** Adds one status to many feeds in one batch of writes (one pipeline on Redis). */
  addToFeeds(kv: KeyValueStore, ownerIds: string[], statusId: string): Promise<void>;
  /** Adds many statuses to one feed. */
  addManyToFeed(kv: KeyValueStore, ownerId: string, statusIds: string[]): Promise<void>;
  /** Removes one status from many feeds, issued together like `addToFeeds`. */
  removeFromFeeds(kv: KeyValueStore, ownerIds: string[], statusId: string): Promise<void>;
  /** Removes many statuses from one feed. */
  removeManyFromFeed(kv: KeyValueStore, ownerId: string, statusIds: string[]): Promise<void>;
  /** Every status id in a feed. */
  feedIds(kv: KeyValueStore, ownerId: string): Promise<string[]>;
  /** The newest `count` status ids of each feed, read together (one pipeline on Redis). */
  feedTops(kv: KeyValueStore, ownerIds: string[], count: number): Promise<Map<string, string[]>>;
  /** Status ids of one lexicographic range of a feed, in the range's order. */
  readFeed(kv: KeyValueStore, ownerId: string, query: LexRangeQuery): Promise<string[]>;
  /** Extends the built marker; resolves false when the feed was never built or the marker expired. */
  touchBuilt(kv: KeyValueStore, ownerId: string): Promise<boolean>;
  /** Records that a feed was built. */
  markBuilt(kv: KeyValueStore, ownerId: string): Promise<void>;
  /** Drops a feed and its built marker. */
  dropFeed(kv: KeyValueStore, ownerId: string): Promise<void>;
}

/** The store of `feed:<kind>:<ownerId>` feeds. */
export function feedStore(kind: "home" | "list"): FeedStore {
  const feedKey = (ownerId: string) => `feed:${kind}:${ownerId}`;
  const builtKey = (ownerId: string) => `feed:${kind}:${ownerId}:built`;
  return {
    async addToFeeds(kv, ownerIds, statusId) {
      const entries = [{ score: 0, member: feedMember(statusId) }];
      await kv.zaddCappedMany(ownerIds.map((id) => ({ key: feedKey(id), entries })), FEED_SIZE);
    },
    async addManyToFeed(kv, ownerId, statusIds) {
      if (statusIds.length === 0) return;
      await kv.zaddCapped(feedKey(ownerId), statusIds.map((id) => ({ score: 0, member: feedMember(id) })), FEED_SIZE);
    },
    async removeFromFeeds(kv, ownerIds, statusId) {
      const member = [feedMember(statusId)];
      await Promise.all(ownerIds.map((id) => kv.zrem(feedKey(id), member)));
    },
    async removeManyFromFeed(kv, ownerId, statusIds) {
      if (statusIds.length > 0) await kv.zrem(feedKey(ownerId), statusIds.map(feedMember));
    },
    async feedIds(kv, ownerId) {
      return (await kv.zrangeByLex(feedKey(ownerId), { order: "desc" })).map(idOfMember);
    },
    async feedTops(kv, ownerIds, count) {
      const tops = await Promise.all(ownerIds.map((id) => kv.zrangeByLex(feedKey(id), { order: "desc", count })));
      return new Map(ownerIds.map((id, i) => [id, tops[i]!.map(idOfMember)]));
    },
    async readFeed(kv, ownerId, query) {
      return (await kv.zrangeByLex(feedKey(ownerId), query)).map(idOfMember);
    },
    touchBuilt: (kv, ownerId) => kv.expire(builtKey(ownerId), BUILT_TTL_MS),
    async markBuilt(kv, ownerId) {
      await kv.set(builtKey(ownerId), "1", { ttlMs: BUILT_TTL_MS });
    },
    async dropFeed(kv, ownerId) {
      await kv.del(feedKey(ownerId), builtKey(ownerId));
    },
  };
}
