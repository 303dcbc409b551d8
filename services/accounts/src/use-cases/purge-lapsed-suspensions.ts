import { findAccountsByIds } from "../data/accounts-queries.ts";
import { suspendedSince } from "../data/suspension-queries.ts";
import { tombstoneAccount } from "./delete-account.ts";
import type { AccountsDeps } from "./deps.ts";

/** How long a suspended account's data is kept, hidden, so the suspension can be lifted (Mastodon's 30 days). */
export const SUSPENSION_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

const BATCH = 100;

/**
 * Deletes for good every account suspended more than 30 days ago (by hand or by a domain block), as
 * Mastodon's deletion requests do: each becomes a tombstone, and account.deleted takes its
 * statuses, media and timeline entries with it (and, for a local account, federates the actor's
 * Delete). Answers how many it deleted; a second run finds none.
 */
export async function purgeLapsedSuspensions(deps: AccountsDeps): Promise<number> {
  const before = new Date(deps.now().getTime() - SUSPENSION_GRACE_MS);
  let purged = 0;
  for (;;) {
    const ids = await suspendedSince(deps.db, before, BATCH);
    for (const account of await findAccountsByIds(deps.db, ids)) if (await tombstoneAccount(deps, account, deps.now())) purged += 1;
    if (ids.length < BATCH) return purged;
  }
}
