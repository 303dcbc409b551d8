import { enqueueEvents, outboxEvent } from "@starling/events";
import { clearProfileImagesOfDomain, unsuspendedAccountsOfDomain } from "../data/remote-accounts-queries.ts";
import { accountsSuspendedByBlock, setSuspendedAt, suspendForDomainBlock } from "../data/suspension-queries.ts";
import type { AccountsDeps } from "./deps.ts";

const BATCH = 100;

/**
 * A server staff suspended: each of its accounts (and its subdomains') not already suspended is
 * suspended on behalf of the block, and account.suspended hides it and its posts everywhere as a
 * suspension by hand does. Nothing is destroyed yet: lifting the block within 30 days restores them,
 * after that the suspension purge deletes them. Run again, it finds nothing left. Answers how many.
 */
export async function suspendDomainAccounts(deps: AccountsDeps, blockId: string, domain: string): Promise<number> {
  let suspended = 0;
  for (;;) {
    const accounts = await unsuspendedAccountsOfDomain(deps.db, domain, BATCH);
    for (const account of accounts) {
      const at = deps.now();
      const fresh = await deps.db.transaction(async (trx) => {
        if (!(await suspendForDomainBlock(deps.db, trx, account.id, at, blockId))) return false;
        await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.suspended", account.id, { accountId: account.id, suspendedAt: at })]);
        return true;
      });
      if (fresh) suspended += 1;
    }
    if (suspended > 0) deps.nudge();
    if (accounts.length < BATCH) return suspended;
  }
}

/**
 * A domain suspension lifted (the block removed, or made milder): the accounts it suspended, and
 * only those, come back with account.unsuspended. Accounts staff suspended by hand stay suspended.
 */
export async function restoreDomainAccounts(deps: AccountsDeps, blockId: string): Promise<number> {
  let restored = 0;
  for (;;) {
    const ids = await accountsSuspendedByBlock(deps.db, blockId, BATCH);
    for (const id of ids) {
      await deps.db.transaction(async (trx) => {
        await setSuspendedAt(deps.db, trx, id, null);
        await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.unsuspended", id, { accountId: id })]);
      });
      restored += 1;
    }
    if (restored > 0) deps.nudge();
    if (ids.length < BATCH) return restored;
  }
}


/**
 * A server whose media staff reject (a domain block with reject_media, new or changed): its
 * accounts' avatars and headers go at once, with account.updated, so clients show the default
 * images, as Mastodon clears them; the federation service stores none of its images from then on.
 * Run again, it finds nothing left. Answers how many accounts changed.
 */
export async function clearDomainProfileImages(deps: AccountsDeps, domain: string): Promise<number> {
  let cleared = 0;
  for (;;) {
    const ids = await deps.db.transaction(async (trx) => {
      const changed = await clearProfileImagesOfDomain(deps.db, trx, domain, BATCH);
      if (changed.length > 0) await enqueueEvents(deps.db, trx, changed.map((id) => outboxEvent("accounts", "account.updated", id, { accountId: id })));
      return changed;
    });
    cleared += ids.length;
    if (ids.length > 0) deps.nudge();
    if (ids.length < BATCH) return cleared;
  }
}
