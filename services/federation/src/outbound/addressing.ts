import type { Account } from "@starling/proto/accounts/v1/accounts";
import { findRemoteActors } from "../data/remote-actors-queries.ts";
import type { FederationContextData } from "../fedify/federation.ts";

/** Remote followers are read in pages of this size. */
const FOLLOWERS_PAGE = 500;

/**
 * The inboxes of these remote accounts, deduplicated: their shared inboxes when `shared` (one POST
 * per server for fan-out, as Mastodon prefers), else their own (activities meant for one actor).
 * Local accounts, and remote ones never fetched, have none.
 */
export async function inboxesOf(data: FederationContextData, accountIds: readonly string[], options: { shared: boolean }): Promise<string[]> {
  const actors = await findRemoteActors(data.db, accountIds);
  return [...new Set(actors.map((actor) => (options.shared && actor.sharedInboxUrl) || actor.inboxUrl))];
}

/** Every remote follower of the local account, in follow order. */
export async function remoteFollowerIds(data: FederationContextData, accountId: string): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const page = await data.federatedAccounts.listRemoteFollowers({ accountId, after, limit: FOLLOWERS_PAGE });
    ids.push(...page.accountIds);
    after = page.next;
  } while (after);
  return ids;
}

/** The accounts by id; unknown ids are left out. */
export async function accountsById(data: FederationContextData, ids: readonly string[]): Promise<Map<string, Account>> {
  const wanted = [...new Set(ids.filter((id) => id))];
  if (wanted.length === 0) return new Map();
  const { accounts } = await data.accounts.getAccounts({ ids: wanted });
  return new Map(accounts.map((account) => [account.id, account]));
}

/** Local accounts have no domain. */
export const isLocal = (account: Account | undefined): account is Account => account !== undefined && account.domain === undefined;
/** Remote accounts have one. */
export const isRemote = (account: Account | undefined): account is Account & { domain: string } => account !== undefined && account.domain !== undefined;
