import { notFound } from "@starling/runtime";
import { findAccount } from "../data/accounts-queries.ts";
import { listAliases } from "../data/alias-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/**
 * The actor URIs an account names as its earlier identities, what its actor's alsoKnownAs
 * carries: the aliases a local account declared (oldest first), the alsoKnownAs a remote actor
 * declared. Federation publishes the first and checks inbound Moves to local accounts against it.
 */
export async function listAccountAliases(deps: AccountsDeps, accountId: string): Promise<string[]> {
  const account = await findAccount(deps.db, accountId);
  if (!account) throw notFound();
  if (account.domain !== null) return account.alsoKnownAs ?? [];
  return (await listAliases(deps.db, account.id)).map((alias) => alias.uri);
}
