import type { Transaction } from "@starling/db";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import { deleteKnownAccount, upsertKnownAccount, type KnownAccount } from "../data/search-accounts-queries.ts";
import { setAuthorOpen } from "../data/search-statuses-queries.ts";
import type { SearchIndexDeps } from "./search-index-deps.ts";

/** The read model's row of an account, from the accounts service's message. */
export const accountToKnown = (account: Account): KnownAccount => ({
  id: account.id,
  username: account.username,
  domain: account.domain,
  discoverable: account.discoverable ?? false,
  indexable: account.indexable ?? false,
  suspended: account.suspended,
  silenced: account.limited,
  followersCount: Number(account.followersCount),
  lastStatusAt: account.lastStatusAt,
  createdAt: account.createdAt ?? new Date(0),
});

/**
 * Any account event: the account is read again as it is now (so events in any order end in the
 * same state) and, when its opt-in to search changed, its public posts become findable or stop.
 */
export async function refreshKnownAccount(deps: SearchIndexDeps, trx: Transaction, accountId: string): Promise<void> {
  const { accounts } = await deps.clients.accounts.getAccounts({ ids: [accountId] });
  const account = accounts.find((a) => a.id === accountId);
  if (!account) return deleteKnownAccount(deps.db, trx, accountId);
  const known = accountToKnown(account);
  if (await upsertKnownAccount(deps.db, trx, known)) await setAuthorOpen(deps.db, trx, accountId, known.indexable);
}
