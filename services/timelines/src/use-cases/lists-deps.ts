import type { FeedDeps } from "./feed-deps.ts";

/** What the list use cases work with: the feed dependencies, and ids and time for new lists. */
export interface ListsDeps extends FeedDeps {
  newId: () => string;
  now: () => Date;
}
