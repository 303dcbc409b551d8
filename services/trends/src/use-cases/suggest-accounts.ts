import { filterUnpunishedIds, listPopularLocalIds } from "../data/search-accounts-queries.ts";
import { addDismissal, listDismissedIds, listInteractedAuthorIds, listStaffPickIds } from "../data/suggestions-queries.ts";
import { pageLimit } from "@starling/paging";
import { invalidArgument, unauthenticated } from "@starling/runtime";
import type { Caller } from "./deps.ts";
import type { SearchIndexDeps } from "./search-index-deps.ts";

/** Mastodon's default and largest number of suggestions. */
const LIMITS = { default: 40, max: 80 };
// Candidates read from each source before exclusions, so a page survives many of them.
const POOL = 200;

export type SuggestionSource = "staff" | "past_interactions" | "global";
export interface Suggestion {
  accountId: string;
  source: SuggestionSource;
}

function signedIn(caller: Caller): string {
  const id = caller.viewer?.accountId;
  if (!id) throw unauthenticated("This method requires an authenticated user");
  return id;
}

/**
 * Accounts to suggest: staff picks first (the cold start), then authors the viewer interacted with,
 * then the most followed and active local accounts; each account once, under its first source.
 * Never the viewer, a dismissed, suspended or silenced account, nor one the viewer follows, asked
 * to follow, blocks, mutes or is blocked by (relationships read from the accounts service).
 */
export async function suggestAccounts(deps: SearchIndexDeps, caller: Caller, limit: number | undefined): Promise<Suggestion[]> {
  const viewerId = signedIn(caller);
  const size = pageLimit(limit, LIMITS);
  const [staff, past, global, dismissed] = await Promise.all([listStaffPickIds(deps.db), listInteractedAuthorIds(deps.db, viewerId, POOL), listPopularLocalIds(deps.db, POOL), listDismissedIds(deps.db, viewerId)]);
  const candidates = new Map<string, SuggestionSource>();
  for (const [source, ids] of [["staff", staff], ["past_interactions", past], ["global", global]] as const) {
    for (const id of ids) if (!candidates.has(id) && id !== viewerId && !dismissed.has(id)) candidates.set(id, source);
  }
  const ids = [...candidates.keys()];
  const [unpunished, { relationships }] = await Promise.all([
    filterUnpunishedIds(deps.db, ids),
    ids.length > 0 ? deps.clients.accounts.getRelationships({ accountIds: ids }, { viewerToken: caller.viewerToken }) : { relationships: [] },
  ]);
  const excluded = new Set(relationships.filter((r) => r.following || r.requested || r.blocking || r.blockedBy || r.muting || r.domainBlocking).map((r) => r.id));
  return ids
    .filter((id) => unpunished.has(id) && !excluded.has(id))
    .slice(0, size)
    .map((accountId) => ({ accountId, source: candidates.get(accountId)! }));
}

/** The viewer does not want `accountId` suggested again. */
export async function dismissSuggestion(deps: SearchIndexDeps, caller: Caller, accountId: string): Promise<void> {
  const viewerId = signedIn(caller);
  if (!/^\d+$/.test(accountId)) throw invalidArgument("account_id must be an account id");
  await addDismissal(deps.db, viewerId, accountId);
}
