import { invalidArgument, notFound } from "@starling/runtime";
import { findAccount } from "../data/accounts-queries.ts";
import { tombstoneAccount } from "./delete-account.ts";
import type { AccountsDeps } from "./deps.ts";
import { assertRemote } from "./remote-edge.ts";

/**
 * An inbound Delete of an actor: its copy becomes a tombstone as a deleted local account does
 * (relationships ended both ways, account.deleted so its statuses and media go). A repeat finds
 * the tombstone and does nothing; a local account is refused.
 */
export async function deleteRemoteAccount(deps: AccountsDeps, accountId: string): Promise<void> {
  if (accountId === "") throw invalidArgument("Validation failed: account_id is required");
  const account = await findAccount(deps.db, accountId);
  if (!account) throw notFound();
  assertRemote(account);
  await tombstoneAccount(deps, account, deps.now());
}
