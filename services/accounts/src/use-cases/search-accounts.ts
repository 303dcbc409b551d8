import { parseOffsetPage } from "@starling/paging";
import type { Viewer } from "@starling/runtime";
import { findAccountsByIds } from "../data/accounts-queries.ts";
import { searchAccountIds } from "../data/account-search-queries.ts";
import type { Account } from "../domain/account.ts";
import { parseAcct } from "../domain/acct.ts";
import type { ProfileDeps } from "./profile-deps.ts";
import { viewerAccountId } from "./get-relationships.ts";

/** Mastodon's default and largest page of account search results. */
const LIMITS = { default: 40, max: 80 };

/** What GET /api/v1/accounts/search asks. */
export interface SearchAccountsInput {
  q: string;
  limit?: number | undefined;
  offset: number;
  following: boolean;
}

/**
 * Accounts whose username starts with the query or whose display name contains it; a query
 * written `user@domain` looks on that domain only (the local domain meaning local accounts). An
 * exact username comes first, then accounts the viewer follows, then more-followed accounts. Remote resolution (`resolve`) waits for
 * federation.
 */
export async function searchAccounts(deps: ProfileDeps, viewer: Viewer | undefined, input: SearchAccountsInput): Promise<Account[]> {
  const viewerId = viewerAccountId(viewer);
  const page = parseOffsetPage(input, LIMITS);
  const q = input.q.trim().replace(/^@/, "");
  if (q === "") return [];
  const acct = q.includes("@") ? parseAcct(q, deps.localDomain) : undefined;
  if (q.includes("@") && !acct) return [];
  const ids = await searchAccountIds(deps.db, {
    term: acct?.username ?? q,
    domain: acct ? acct.domain : undefined,
    followedBy: input.following ? viewerId : undefined,
    viewerId,
    now: deps.now(),
    ...page,
  });
  const found = new Map((await findAccountsByIds(deps.db, ids)).map((a) => [a.id, a]));
  return ids.flatMap((id) => found.get(id) ?? []);
}
