/** Home feeds in the key-value store: `feed:home:<accountId>` (see feed-store.ts). */
import { feedStore } from "./feed-store.ts";

export { FEED_SIZE } from "./feed-store.ts";

/** The home feeds, each named by its account's id. */
export const homeFeeds = feedStore("home");
export const { addToFeeds, addManyToFeed, removeFromFeeds, removeManyFromFeed, feedIds, feedTops, readFeed, touchBuilt, markBuilt } = homeFeeds;
