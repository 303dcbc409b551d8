import { parsePage, type PageInput } from "@starling/paging";
import { feedRangeFor } from "../domain/feed-range.ts";
import type { List } from "../domain/list.ts";
import { TIMELINE_PAGE_LIMITS } from "../domain/timeline-page.ts";
import { FEED_SIZE } from "../data/feed-store.ts";
import { listCandidates } from "../data/list-candidates-queries.ts";
import { listFeeds } from "../data/list-feed-store.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { statusesForList } from "./list-filter.ts";
import { requireOwnedList } from "./manage-lists.ts";

/**
 * One page of the owner's list feed, newest first, paged as home. A feed not known to be built is
 * rebuilt from PostgreSQL first, as home feeds are.
 */
export async function getListTimeline(deps: FeedDeps, ownerId: string, listId: string, input: PageInput | undefined): Promise<string[]> {
  const list = await requireOwnedList(deps, ownerId, listId);
  const page = parsePage(input, TIMELINE_PAGE_LIMITS);
  if (!(await listFeeds.touchBuilt(deps.kv, list.id))) await rebuildListFeed(deps, list);
  if (page.limit === 0) return [];
  const { query, reverse } = feedRangeFor(page);
  const ids = await listFeeds.readFeed(deps.kv, list.id, query);
  return reverse ? ids.reverse() : ids;
}

// Candidates read per rebuild: room for the reply rules to drop some and still fill the feed.
const REBUILD_CANDIDATES = FEED_SIZE * 2;

/** Mastodon's populate_list: the members' newest statuses under the fan-out rules, added to what the feed holds. */
async function rebuildListFeed(deps: FeedDeps, list: List): Promise<void> {
  const candidates = await listCandidates(deps.db, list.id, list.accountId, REBUILD_CANDIDATES);
  const ids = (await statusesForList(deps, list, candidates)).slice(0, FEED_SIZE).map((s) => s.id);
  await listFeeds.addManyToFeed(deps.kv, list.id, ids);
  await listFeeds.markBuilt(deps.kv, list.id);
}
