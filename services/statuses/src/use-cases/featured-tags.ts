import { invalidArgument, alreadyExists, notFound, unauthenticated } from "@starling/runtime";
import { hashtagsIn, isHashtagName, normalizeHashtag } from "@starling/text";
import { countFeaturedTags, deleteFeaturedTag, featuredTagsOf, insertFeaturedTag, mostUsedUnfeaturedTags, tagIdFor, type FeaturedTagRow } from "../data/featured-tags-queries.ts";
import { tagUrl } from "../domain/status-urls.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";

/** Mastodon's FeaturedTag::LIMIT, advertised as instance configuration.accounts.max_featured_tags. */
export const MAX_FEATURED_TAGS = 10;
/** How many suggestions GET /api/v1/featured_tags/suggestions offers, as Mastodon 4.0. */
const SUGGESTIONS = 10;

type Deps = Pick<StatusesDeps, "db" | "accounts" | "baseUrl" | "newId" | "now">;

/** A featured tag as served: the row and the account's page of statuses with the tag. */
export interface FeaturedTag extends FeaturedTagRow {
  url: string;
}

function signedIn(caller: Caller): string {
  if (!caller.accountId) throw unauthenticated("This method requires an authenticated user");
  return caller.accountId;
}

async function withUrls(deps: Deps, accountId: string, rows: FeaturedTagRow[], caller: Caller): Promise<FeaturedTag[]> {
  if (rows.length === 0) return [];
  const username = (await deps.accounts.usernames([accountId], caller)).get(accountId);
  if (!username) return [];
  return rows.map((row) => ({ ...row, url: `${deps.baseUrl}/@${username}/tagged/${encodeURIComponent(row.name)}` }));
}

/** An account's featured tags, most used first; none for an unknown account. */
export async function listFeaturedTags(deps: Deps, accountId: string, caller: Caller): Promise<FeaturedTag[]> {
  return withUrls(deps, accountId, await featuredTagsOf(deps.db, accountId), caller);
}

/**
 * Features `name` (with or without '#') for the caller, keeping the spelling typed. Refuses a name
 * that cannot be a hashtag, an eleventh tag, and a tag featured already (Mastodon's validation errors).
 */
export async function featureTag(deps: Deps, caller: Caller, rawName: string): Promise<FeaturedTag> {
  const accountId = signedIn(caller);
  const name = rawName.trim().replace(/^#/, "");
  const normalized = normalizeHashtag(name);
  // Valid when the whole name reads as one hashtag in text (Mastodon validates with its hashtag grammar).
  const [written] = hashtagsIn([`#${name}`]);
  if (written?.name !== name || !isHashtagName(name)) throw invalidArgument("Validation failed: Tag is invalid");
  const id = deps.newId();
  await deps.db.transaction(async (trx) => {
    if ((await countFeaturedTags(deps.db, trx, accountId)) >= MAX_FEATURED_TAGS) throw invalidArgument(`Validation failed: You cannot feature more than ${MAX_FEATURED_TAGS} hashtags`);
    const tagId = await tagIdFor(deps.db, trx, normalized, name, deps.newId, deps.now());
    if (!(await insertFeaturedTag(deps.db, trx, { id, accountId, tagId, name, createdAt: deps.now() }))) throw alreadyExists("Validation failed: Tag has already been taken");
  });
  const featured = (await listFeaturedTags(deps, accountId, caller)).find((tag) => tag.id === id);
  if (!featured) throw notFound();
  return featured;
}

/** Stops featuring one of the caller's tags. */
export async function unfeatureTag(deps: Deps, caller: Caller, id: string): Promise<void> {
  if (!/^\d{1,19}$/.test(id) || !(await deleteFeaturedTag(deps.db, signedIn(caller), id))) throw notFound();
}

/** The caller's most used hashtags it does not feature yet, spelled as first written here. */
export async function suggestFeaturedTags(deps: Deps, caller: Caller): Promise<{ name: string; url: string }[]> {
  const tags = await mostUsedUnfeaturedTags(deps.db, signedIn(caller), SUGGESTIONS);
  return tags.map((tag) => ({ name: tag.displayName, url: tagUrl(deps.baseUrl, tag.name) }));
}
