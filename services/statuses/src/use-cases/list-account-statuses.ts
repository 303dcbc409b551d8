import { normalizeHashtag } from "@starling/text";
import { pageCursors, parsePage, type PageInput } from "@starling/paging";
import { NO_STANDING, type AuthorStanding } from "../domain/read-filters.ts";
import type { Status } from "../domain/status.ts";
import { accountStatusesPage } from "../data/account-statuses-queries.ts";
import { findLiveStatuses } from "../data/statuses-queries.ts";
import type { Caller, StatusesDeps } from "./dependencies.ts";
import { authorStandings } from "./find-visible-status.ts";
import type { RecordListPage } from "./list-interactions.ts";

/** What a profile listing asks for besides the account. */
export interface AccountStatusesInput {
  accountId: string;
  page?: PageInput | undefined;
  excludeReplies: boolean;
  excludeReblogs: boolean;
  onlyMedia: boolean;
  /** A hashtag as typed (any case); empty for all statuses. */
  tagged?: string | undefined;
}

/**
 * An account's statuses as Mastodon's AccountStatusesFilter shows them: everything to the author;
 * to others public and unlisted ones, followers-only ones to followers, and any that mention the
 * viewer; nothing to a viewer the account blocks. Reblogs of statuses by accounts the viewer
 * blocks, mutes or is blocked by are left out. Newest first, paged by status id.
 */
export async function listAccountStatuses(deps: StatusesDeps, caller: Caller, input: AccountStatusesInput): Promise<RecordListPage<Status>> {
  const page = parsePage(input.page, { default: 20 });
  const standing = (await authorStandings(deps, caller, [{ accountId: input.accountId }])).get(input.accountId) ?? NO_STANDING;
  if (standing.blockedBy) return { items: [], ...pageCursors([], page.limit) };
  const own = caller.accountId === input.accountId;
  const filter = {
    ...input,
    tagged: input.tagged === undefined ? undefined : normalizeHashtag(input.tagged),
    visibilities: own ? ["public", "unlisted", "private", "direct"] : standing.following ? ["public", "unlisted", "private"] : ["public", "unlisted"],
    mentioning: own ? undefined : caller.accountId,
  };
  const listed = await accountStatusesPage(deps.db, input.accountId, filter, page);
  // Cursors follow what was read, so dropping filtered reblogs leaves no gap in the paging.
  const items = own ? listed : await withoutFilteredReblogs(deps, caller, listed);
  return { items, ...pageCursors(listed.map((s) => s.id), page.limit) };
}

// One more relationship call, only when the page holds reblogs, for their originals' authors.
async function withoutFilteredReblogs(deps: StatusesDeps, caller: Caller, statuses: Status[]): Promise<Status[]> {
  const originalIds = statuses.flatMap((s) => (s.reblogOfId ? [s.reblogOfId] : []));
  if (originalIds.length === 0 || !caller.accountId) return statuses;
  const originals = new Map((await findLiveStatuses(deps.db, originalIds)).map((s) => [s.id, s]));
  const standings: Map<string, AuthorStanding> = await authorStandings(deps, caller, originals.values());
  return statuses.filter((s) => {
    const original = s.reblogOfId ? originals.get(s.reblogOfId) : undefined;
    if (!original) return true;
    const towards = standings.get(original.accountId) ?? NO_STANDING;
    return !(towards.blocking || towards.muting || towards.blockedBy);
  });
}
