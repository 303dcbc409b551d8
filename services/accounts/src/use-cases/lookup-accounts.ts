import { invalidArgument } from "@starling/runtime";
import { findByUsernameAndDomain, findLocalByUsernames } from "../data/account-search-queries.ts";
import type { Account } from "../domain/account.ts";
import { parseAcct, type Acct } from "../domain/acct.ts";
import type { ProfileDeps } from "./profile-deps.ts";

/** More addresses than a 500-character status can mention is a caller's bug, not a lookup. */
const MAX_ACCTS = 100;

/**
 * Accounts already known here for several addresses at once, as {@link lookupAccount} finds one:
 * local ones in one query, remote ones (few until federation) one by one. Addresses that name no
 * known account, or are not addresses, are left out; results keep the request order.
 */
export async function lookupAccounts(deps: ProfileDeps, accts: readonly string[]): Promise<{ acct: string; account: Account }[]> {
  if (accts.length > MAX_ACCTS) throw invalidArgument(`At most ${MAX_ACCTS} addresses can be looked up at once`);
  const parsed = accts.map((acct) => ({ acct, address: parseAcct(acct, deps.localDomain) }));
  const locals = await findLocalByUsernames(
    deps.db,
    parsed.flatMap(({ address }) => (address && address.domain === null ? [address.username] : [])),
  );
  const remotes = new Map<string, Account | undefined>();
  for (const { address } of parsed) {
    if (!address || address.domain === null) continue;
    const key = remoteKey(address);
    if (!remotes.has(key)) remotes.set(key, await findByUsernameAndDomain(deps.db, address.username, address.domain));
  }
  return parsed.flatMap(({ acct, address }) => {
    if (!address) return [];
    const account = address.domain === null ? locals.get(address.username.toLowerCase()) : remotes.get(remoteKey(address));
    return account ? [{ acct, account }] : [];
  });
}

const remoteKey = (address: Acct) => `${address.username}@${address.domain}`.toLowerCase();
