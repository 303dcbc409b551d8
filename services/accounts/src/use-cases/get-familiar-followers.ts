import type { Viewer } from "@starling/runtime";
import type { Account } from "../domain/account.ts";
import { findAccountsByIds } from "../data/accounts-queries.ts";
import { familiarFollowers } from "../data/follow-graph-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { getAccounts } from "./get-accounts.ts";
import { viewerAccountId } from "./get-relationships.ts";

/** The accounts the viewer follows that also follow one account. */
export interface FamiliarFollowers {
  accountId: string;
  accounts: Account[];
}

/**
 * GET /api/v1/accounts/familiar_followers: one entry per requested account, in request order;
 * unknown and suspended accounts and repeated ids drop out.
 */
export async function getFamiliarFollowers(deps: AccountsDeps, viewer: Viewer | undefined, ids: readonly string[]): Promise<FamiliarFollowers[]> {
  const viewerId = viewerAccountId(viewer);
  const known = new Set((await findAccountsByIds(deps.db, ids)).filter((a) => !a.suspendedAt).map((a) => a.id));
  const targets = [...new Set(ids)].filter((id) => known.has(id));
  const pairs = await familiarFollowers(deps.db, viewerId, targets);
  const accounts = new Map((await getAccounts(deps, [...new Set(pairs.map((p) => p.accountId))])).map((a) => [a.id, a]));
  return targets.map((accountId) => ({
    accountId,
    accounts: pairs.filter((p) => p.targetId === accountId).flatMap((p) => accounts.get(p.accountId) ?? []),
  }));
}
