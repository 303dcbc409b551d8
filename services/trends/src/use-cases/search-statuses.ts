import { parseOffsetPage, parsePage } from "@starling/paging";
import { findKnownAccountId } from "../data/search-accounts-queries.ts";
import { findStatusIds } from "../data/search-statuses-queries.ts";
import { searchTagNames } from "../data/search-tags-queries.ts";
import { hasText, parseSearchQuery, type FromAuthor } from "../domain/search-query.ts";
import type { Caller } from "./deps.ts";
import type { SearchIndexDeps } from "./search-index-deps.ts";

/** Mastodon's default and largest page of v2 search results. */
const LIMITS = { default: 20, max: 40 };

export interface SearchStatusesInput {
  q: string;
  limit?: number | undefined;
  offset: number;
  maxId?: string | undefined;
  minId?: string | undefined;
  accountId?: string | undefined;
}

/** The account `from:` names: the viewer, or a known account (a local one by name or by this domain). */
async function authorOf(deps: SearchIndexDeps, viewerId: string, from: FromAuthor): Promise<string | undefined> {
  if (from.me) return viewerId;
  const domain = from.domain === undefined || from.domain === deps.localDomain.toLowerCase() ? null : from.domain;
  return findKnownAccountId(deps.db, from.username, domain);
}

/**
 * Statuses matching a query that the viewer may see, newest first. Parsing comes first, so a
 * malformed query is refused whoever asks; an anonymous viewer then finds nothing (Mastodon
 * searches statuses for signed-in users only). A query that is only `from:` lists that author's
 * visible posts.
 */
export async function searchStatuses(deps: SearchIndexDeps, caller: Caller, input: SearchStatusesInput): Promise<string[]> {
  const query = parseSearchQuery(input.q);
  const viewerId = caller.viewer?.accountId;
  if (!viewerId) return [];
  if (!hasText(query) && !query.from && !input.accountId) return [];
  const fromAccountId = query.from ? await authorOf(deps, viewerId, query.from) : input.accountId;
  if (query.from && !fromAccountId) return [];
  if (query.from && input.accountId && input.accountId !== fromAccountId) return [];
  // Mastodon's cursors: below max_id, or the matches immediately above min_id.
  const { limit, offset } = parseOffsetPage(input, LIMITS);
  const page = parsePage({ maxId: input.maxId, minId: input.minId, limit }, LIMITS);
  return findStatusIds(deps.db, { query, viewerId, fromAccountId, page, offset, now: deps.now() });
}

/** Hashtag names for a query such as "#Coffee" or "coff": normalized prefix match. */
export async function searchTags(deps: SearchIndexDeps, input: { q: string; limit?: number | undefined; offset: number; excludeUnreviewed?: boolean | undefined }): Promise<string[]> {
  const prefix = input.q.trim().replace(/^#/, "").toLowerCase();
  // A name has no spaces or control characters (PostgreSQL text cannot even hold NUL).
  if (prefix === "" || /[\s\u0000-\u001f]/.test(prefix)) return [];
  return searchTagNames(deps.db, prefix, parseOffsetPage(input, LIMITS), input.excludeUnreviewed === true);
}
