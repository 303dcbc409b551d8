import type { Tag } from "@starling/proto/timelines/v1/tags";
import { notFound } from "@starling/runtime";
import { parsePage, type PageInput } from "@starling/paging";
import { lastDays, tagNameOf } from "../domain/tag-name.ts";
import { tagUsesByDay } from "../data/status-tags-queries.ts";
import { followsTag, followTag, tagFollowsPage, unfollowTag } from "../data/tag-follows-queries.ts";
import type { FeedDeps } from "./feed-deps.ts";

/** Days of history a Tag shows (Mastodon's 7 daily buckets). */
const HISTORY_DAYS = 7;
/** Mastodon's followed_tags page: 100 by default, 200 at most. */
const FOLLOWED_TAGS_LIMITS = { default: 100, max: 200 };

type TagDeps = Pick<FeedDeps, "db" | "newId"> & { now?: () => Date };

function nameOrNotFound(raw: string): string {
  const name = tagNameOf(raw);
  if (name === undefined) throw notFound();
  return name;
}

/** A Tag with its history; `following` only for a viewer with an account. */
async function tagView(deps: TagDeps, name: string, viewerId: string | undefined, following?: boolean): Promise<Tag> {
  const days = lastDays(deps.now?.() ?? new Date(), HISTORY_DAYS);
  const uses = new Map((await tagUsesByDay(deps.db, name, days.at(-1)!)).map((u) => [u.day.getTime(), u]));
  const history = days.map((day) => {
    const use = uses.get(day.getTime());
    return { day: day.getTime() / 1000, uses: use?.uses ?? 0, accounts: use?.accounts ?? 0 };
  });
  if (viewerId === undefined) return { name, displayName: name, history };
  return { name, displayName: name, history, following: following ?? (await followsTag(deps.db, viewerId, name)) };
}

/** GET /api/v1/tags/:id: any valid name answers, known or not (Mastodon builds an unsaved tag); an invalid one is NOT_FOUND. */
export function getTag(deps: TagDeps, raw: string, viewerId: string | undefined): Promise<Tag> {
  return tagView(deps, nameOrNotFound(raw), viewerId);
}

/** The viewer follows the tag; following again changes nothing. */
export async function followTagFor(deps: TagDeps, raw: string, viewerId: string): Promise<Tag> {
  const name = nameOrNotFound(raw);
  await followTag(deps.db, viewerId, name, deps.newId());
  return tagView(deps, name, viewerId, true);
}

/** The viewer stops following the tag; unfollowing a tag not followed changes nothing. */
export async function unfollowTagFor(deps: TagDeps, raw: string, viewerId: string): Promise<Tag> {
  const name = nameOrNotFound(raw);
  await unfollowTag(deps.db, viewerId, name);
  return tagView(deps, name, viewerId, false);
}

/** One page of the viewer's followed tags, newest follow first, each with its follow id as cursor. */
export async function listFollowedTags(deps: TagDeps, viewerId: string, input: PageInput | undefined) {
  const follows = await tagFollowsPage(deps.db, viewerId, parsePage(input, FOLLOWED_TAGS_LIMITS));
  return Promise.all(follows.map(async (f) => ({ followId: f.id, tag: await tagView(deps, f.tag, viewerId, true) })));
}
