/** List feeds in the key-value store: `feed:list:<listId>` (see feed-store.ts), capped like home feeds. */
import { feedStore } from "./feed-store.ts";

/** The list feeds, each named by its list's id. */
export const listFeeds = feedStore("list");
