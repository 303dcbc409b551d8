import { liveAccountsOfDomain } from "../data/remote-accounts-queries.ts";
import { tombstoneAccount } from "./delete-account.ts";
import type { AccountsDeps } from "./deps.ts";

const BATCH = 100;

/**
 * A server staff suspended loses everything it had here, as Mastodon purges a suspended domain:
 * each of its accounts (and its subdomains') becomes a tombstone as a deleted account does, and
 * account.deleted takes their statuses, media and timeline entries with them. Run again, it finds
 * nothing left to do. Answers how many accounts it purged.
 */
export async function purgeSuspendedDomain(deps: AccountsDeps, domain: string): Promise<number> {
  let purged = 0;
  for (;;) {
    const accounts = await liveAccountsOfDomain(deps.db, domain, BATCH);
    for (const account of accounts) if (await tombstoneAccount(deps, account, deps.now())) purged += 1;
    if (accounts.length < BATCH) return purged;
  }
}
