import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { alreadyExists, invalidArgument, notFound } from "@starling/runtime";
import type { Account } from "../domain/account.ts";
import { profileChanged, remoteAccountFrom, validateRemoteProfile, type RemoteProfile } from "../domain/remote-account.ts";
import { findAccount, insertAccount } from "../data/accounts-queries.ts";
import { findDeletedAt } from "../data/account-deletion-queries.ts";
import { findByUsernameAndDomain } from "../data/account-search-queries.ts";
import { findAccountsByUris, lockRemoteActor, refreshRemoteAccount } from "../data/remote-accounts-queries.ts";
import { isUniqueViolation } from "../data/unique-violation.ts";
import type { AccountsDeps } from "./deps.ts";

/** The stored copy, and whether this call created it. */
export interface UpsertedAccount {
  account: Account;
  created: boolean;
}

/**
 * Stores or refreshes this server's copy of a remote actor, found by its URI, then by username and
 * domain (an actor whose id changed). account.created announces a new copy (with its domain) and
 * account.updated a refresh that changed what clients see; an identical refresh announces
 * nothing. A deleted actor stays a tombstone: NOT_FOUND, as it no longer exists here. Upserts of
 * one actor run one at a time (lockRemoteActor), so racing first reads all get the one copy.
 */
export async function upsertRemoteAccount(deps: AccountsDeps, profile: RemoteProfile): Promise<UpsertedAccount> {
  validateRemoteProfile(profile);
  try {
    return await upsertOnce(deps, profile);
  } catch (error) {
    // A writer outside lockRemoteActor gave another copy the username first.
    throw isUniqueViolation(error) ? usernameTaken() : error;
  }
}

async function upsertOnce(deps: AccountsDeps, profile: RemoteProfile): Promise<UpsertedAccount> {
  const { id, created, announced } = await deps.db.transaction(async (trx) => {
    await lockRemoteActor(deps.db, trx, profile.uri, profile.username.trim(), profile.domain.trim());
    const existing = await storedCopy(deps, trx, profile);
    const account = remoteAccountFrom(profile, existing?.id ?? deps.newId(), deps.now(), existing);
    // An actor that claims to have moved to itself has not moved.
    if (account.movedToAccountId === account.id) Object.assign(account, { movedToAccountId: null, movedAt: null });
    else if (account.movedToAccountId && !(await findAccount(deps.db, account.movedToAccountId, trx))) throw invalidArgument("Validation failed: Moved to account is unknown");
    if (!existing) {
      await insertAccount(deps.db, trx, account);
      await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.created", account.id, { accountId: account.id, username: account.username, domain: account.domain ?? undefined })]);
      return { id: account.id, created: true, announced: true };
    }
    // The actor's Delete committed after the copy was read: it stays a tombstone.
    if (!(await refreshRemoteAccount(deps.db, trx, account))) throw notFound("The account was deleted");
    if (!profileChanged(existing, account)) return { id: account.id, created: false, announced: false };
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.updated", account.id, { accountId: account.id })]);
    return { id: account.id, created: false, announced: true };
  });
  if (announced) deps.nudge();
  return { account: (await findAccount(deps.db, id))!, created };
}

/**
 * The copy already stored for the actor, if any; refuses local accounts, deleted actors and a
 * rename to a username another copy holds.
 */
async function storedCopy(deps: AccountsDeps, trx: Transaction, profile: RemoteProfile): Promise<Account | undefined> {
  const [byUri] = await findAccountsByUris(deps.db, [profile.uri], trx);
  const byName = await findByUsernameAndDomain(deps.db, profile.username.trim(), profile.domain.trim(), trx);
  const existing = byUri ?? byName;
  if (!existing) return undefined;
  if (existing.domain === null) throw invalidArgument("Validation failed: Uri belongs to a local account");
  if (await findDeletedAt(deps.db, existing.id, trx)) throw notFound("The account was deleted");
  // Refused before the update, which could otherwise wait on (and deadlock with) a writer renaming that copy.
  if (byName && byName.id !== existing.id) throw usernameTaken();
  return existing;
}

const usernameTaken = () => alreadyExists("Validation failed: Username has already been taken");
