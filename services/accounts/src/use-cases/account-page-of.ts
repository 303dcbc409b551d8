import { pageCursors } from "@starling/paging";
import type { AccountPage } from "../domain/account-page.ts";
import type { Account } from "../domain/account.ts";
import type { ListedAccount } from "../data/follow-graph-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { getAccounts } from "./get-accounts.ts";

/**
 * Loads the accounts of a listed page in list order, with the Link cursors taken from the records
 * that were read (a page of `limit` records links onwards even if an account vanished meanwhile).
 */
export async function accountPageOf(deps: AccountsDeps, listed: readonly ListedAccount[], limit: number | undefined): Promise<AccountPage<Account>> {
  const accounts = await getAccounts(deps, listed.map((entry) => entry.accountId));
  if (limit === undefined) return { accounts };
  return { accounts, ...pageCursors(listed.map((entry) => entry.recordId), limit) };
}
