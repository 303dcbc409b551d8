import { findAccountsByIds } from "../data/accounts-queries.ts";
import type { Account } from "../domain/account.ts";
import type { AccountsDeps } from "./deps.ts";

/** Accounts by id in request order; unknown ids are left out, repeated ids repeated. */
export async function getAccounts(deps: AccountsDeps, ids: readonly string[]): Promise<Account[]> {
  const found = new Map((await findAccountsByIds(deps.db, [...new Set(ids)])).map((a) => [a.id, a]));
  return ids.flatMap((id) => found.get(id) ?? []);
}
