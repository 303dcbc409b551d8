import { invalidArgument } from "@starling/runtime";
import { findByUsernameAndDomain } from "../data/account-search-queries.ts";
import type { Account } from "../domain/account.ts";
import { parseAcct } from "../domain/acct.ts";
import type { ProfileDeps } from "./profile-deps.ts";

/**
 * The account an alias or a move names, among accounts known here; a validation error otherwise
 * (Mastodon answers these forms with "could not be found"). Suspended accounts do not count.
 */
export async function resolveKnownAccount(deps: ProfileDeps, acct: string): Promise<Account> {
  const parsed = parseAcct(acct, deps.localDomain);
  const account = parsed && (await findByUsernameAndDomain(deps.db, parsed.username, parsed.domain));
  if (!account || account.suspendedAt) throw invalidArgument("Validation failed: Acct could not be found");
  return account;
}
