import { invalidArgument } from "@starling/runtime";
import type { Account } from "../domain/account.ts";
import { findAccountsByUris } from "../data/remote-accounts-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/** How many URIs one call may ask about. */
const MAX_URIS = 1000;

/** Accounts, local and remote, by actor URI; unknown URIs are left out. */
export async function findAccountsByUri(deps: AccountsDeps, uris: readonly string[]): Promise<Account[]> {
  const wanted = [...new Set(uris.filter((uri) => uri !== ""))];
  if (wanted.length > MAX_URIS) throw invalidArgument(`Validation failed: at most ${MAX_URIS} URIs at once`);
  return findAccountsByUris(deps.db, wanted);
}
