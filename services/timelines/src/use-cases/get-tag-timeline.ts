import { parsePage, type PageInput } from "@starling/paging";
import { TIMELINE_PAGE_LIMITS } from "../domain/timeline-page.ts";
import { tagNameOf } from "../domain/tag-name.ts";
import { hiddenFrom } from "../data/blocks-and-mutes-queries.ts";
import { taggedStatusIds } from "../data/status-tags-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";
import { originOf, type PublicFilter } from "./get-public-timeline.ts";

/** Mastodon's TagFeed reads at most this many names from each of any[], all[] and none[]. */
const NAMES_PER_MODE = 4;

/** A hashtag timeline request: the path's tag plus Mastodon's any[], all[] and none[]. */
export interface TagTimelineRequest extends PublicFilter {
  tag: string;
  any: readonly string[];
  all: readonly string[];
  none: readonly string[];
  onlyMedia: boolean;
}

const namesOf = (raw: readonly string[]) => raw.slice(0, NAMES_PER_MODE).flatMap((n) => tagNameOf(n) ?? []);

/**
 * One page of a hashtag timeline, newest first: live public statuses carrying the tag or one of
 * `any`, every one of `all` and none of `none`. An invalid tag is an empty timeline, as an unknown
 * one is. A signed-in viewer does not see accounts it blocks or mutes, nor those blocking it.
 */
export async function getTagTimeline(deps: Pick<FeedDeps, "db">, request: TagTimelineRequest, input: PageInput | undefined, viewerId?: string): Promise<string[]> {
  const page = parsePage(input, TIMELINE_PAGE_LIMITS);
  const tag = tagNameOf(request.tag);
  if (tag === undefined) return [];
  const excluded = viewerId ? await hiddenFrom(deps.db, viewerId) : undefined;
  return taggedStatusIds(
    deps.db,
    {
      any: [tag, ...namesOf(request.any)],
      all: namesOf(request.all),
      none: namesOf(request.none),
      origin: originOf(request),
      onlyMedia: request.onlyMedia,
      excludedAuthors: excluded ? [...excluded.hidden, ...excluded.blockedBy] : [],
    },
    page,
  );
}
