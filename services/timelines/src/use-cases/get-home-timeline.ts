import { feedRangeFor } from "../domain/feed-range.ts";
import { parsePage, type PageInput } from "@starling/paging";
import { TIMELINE_PAGE_LIMITS } from "../domain/timeline-page.ts";
import { addManyToFeed, FEED_SIZE, markBuilt, readFeed, touchBuilt } from "../data/home-feed-store.ts";
import { homeCandidates } from "../data/statuses-index-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { statusesFor } from "./reply-filter.ts";

/**
 * One page of an account's home feed, newest first. A feed not known to be built (Redis lost it,
 * or it went unread for a week) is rebuilt from PostgreSQL first, so losing Redis loses nothing.
 */
export async function getHomeTimeline(deps: FeedDeps, accountId: string, input: PageInput | undefined): Promise<string[]> {
  const page = parsePage(input, TIMELINE_PAGE_LIMITS);
  const { query, reverse } = feedRangeFor(page);
  // The feed is read in the same round trip as the check that it is built (nearly always); a
  // feed that was not built is rebuilt and read again, and the first read is thrown away.
  const read = () => (page.limit === 0 ? Promise.resolve([]) : readFeed(deps.kv, accountId, query));
  const [built, optimistic] = await Promise.all([touchBuilt(deps.kv, accountId), read()]);
  let ids = optimistic;
  if (!built) {
    await rebuildHomeFeed(deps, accountId);
    ids = await read();
  }
  return reverse ? ids.reverse() : ids;
}

// Candidates read per rebuild: room for the reply rule to drop some and still fill the feed.
const REBUILD_CANDIDATES = FEED_SIZE * 2;

/**
 * Mastodon's populate_home: the newest statuses of the account and the accounts it follows, under
 * the same rules as fan-out. Adds to whatever the feed holds rather than replacing it, so a status
 * fanned out during the rebuild is not lost; removals always reach the feed, so nothing stale stays.
 */
export async function rebuildHomeFeed(deps: FeedDeps, accountId: string): Promise<void> {
  const candidates = await homeCandidates(deps.db, accountId, REBUILD_CANDIDATES);
  const ids = (await statusesFor(deps, accountId, candidates)).slice(0, FEED_SIZE).map((s) => s.id);
  await addManyToFeed(deps.kv, accountId, ids);
  deps.feedWrites.inc({ cause: "rebuild" }, ids.length);
  await markBuilt(deps.kv, accountId);
}
