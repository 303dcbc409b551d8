import { notFound } from "@starling/runtime";
import { findByUsernameAndDomain } from "../data/account-search-queries.ts";
import { domainAllowed } from "../data/domain-allows-queries.ts";
import type { Account } from "../domain/account.ts";
import { parseAcct } from "../domain/acct.ts";
import type { ProfileDeps } from "./profile-deps.ts";

/**
 * An account already known here, by `user` or `user@domain` (GET /api/v1/accounts/lookup). Like
 * Mastodon it never asks another server: unknown addresses are NOT_FOUND. Suspended accounts are
 * found too; the gateway renders them emptied. In limited-federation mode an account of a server
 * staff did not allow is NOT_FOUND, as Mastodon's ResolveAccountService refuses such a domain.
 */
export async function lookupAccount(deps: ProfileDeps, acct: string): Promise<Account> {
  const parsed = parseAcct(acct, deps.localDomain);
  const account = parsed && (await findByUsernameAndDomain(deps.db, parsed.username, parsed.domain));
  if (!account) throw notFound("Record not found");
  if (account.domain && deps.limitedFederation && !(await domainAllowed(deps.db, account.domain))) throw notFound("Record not found");
  return account;
}
