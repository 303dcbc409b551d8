import { invalidArgument, notFound } from "@starling/runtime";
import type { Account } from "../domain/account.ts";
import { findAccount } from "../data/accounts-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/** The two accounts of an activity between a remote and a local account. */
export interface RemoteEdge {
  remote: Account;
  local: Account;
}

/**
 * The accounts an inbound activity links, `remoteSide` telling which of account_id and
 * target_account_id is the remote actor. INVALID_ARGUMENT for missing ids or a local account where
 * the actor should be (the caller's mistake); NOT_FOUND when an account is unknown or the other
 * one is not local, as there is nothing here for the activity to act on.
 */
export async function remoteEdge(deps: AccountsDeps, request: { accountId: string; targetAccountId: string }, remoteSide: "account" | "target"): Promise<RemoteEdge> {
  const [account, target] = await edgeAccounts(deps, request.accountId, request.targetAccountId);
  const [remote, local] = remoteSide === "account" ? [account, target] : [target, account];
  assertRemote(remote);
  if (local.domain !== null) throw notFound();
  return { remote, local };
}

/** Both accounts of an edge; INVALID_ARGUMENT for a missing or repeated id, NOT_FOUND for an unknown one. */
export async function edgeAccounts(deps: AccountsDeps, accountId: string, targetAccountId: string): Promise<[Account, Account]> {
  if (accountId === "" || targetAccountId === "") throw invalidArgument("Validation failed: account_id and target_account_id are required");
  if (accountId === targetAccountId) throw invalidArgument("Validation failed: account_id and target_account_id must differ");
  const account = await findAccount(deps.db, accountId);
  const target = await findAccount(deps.db, targetAccountId);
  if (!account || !target) throw notFound();
  return [account, target];
}

/** INVALID_ARGUMENT unless the account is a remote copy. */
export function assertRemote(account: Account): void {
  if (account.domain === null) throw invalidArgument("Validation failed: the account must be a remote one");
}
