import { invalidArgument, notFound, type Viewer } from "@starling/runtime";
import { deleteAlias, insertAlias, listAliases as aliasesOf, type AliasRecord } from "../data/alias-queries.ts";
import { isUniqueViolation } from "../data/unique-violation.ts";
import { fullAcct } from "../domain/acct.ts";
import { viewerAccountId } from "./get-relationships.ts";
import type { ProfileDeps } from "./profile-deps.ts";
import { resolveKnownAccount } from "./resolve-known-account.ts";

/**
 * Declares an account known here as an earlier identity of the viewer, which lets that account
 * move to the viewer's. The old account must exist here (remote ones arrive with federation) and
 * cannot be the viewer's own.
 */
export async function addAlias(deps: ProfileDeps, viewer: Viewer | undefined, acct: string): Promise<AliasRecord> {
  const accountId = viewerAccountId(viewer);
  const old = await resolveKnownAccount(deps, acct);
  if (old.id === accountId) throw invalidArgument("Validation failed: Acct cannot be the current account");
  const alias: AliasRecord = { id: deps.newId(), accountId, acct: fullAcct(old.username, old.domain, deps.localDomain), uri: old.uri, createdAt: deps.now() };
  try {
    await deps.db.transaction((trx) => insertAlias(deps.db, trx, alias));
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidArgument("Validation failed: Acct has already been taken");
    throw error;
  }
  return alias;
}

/** Withdraws an alias; NOT_FOUND when the viewer has none for that account. */
export async function removeAlias(deps: ProfileDeps, viewer: Viewer | undefined, acct: string): Promise<void> {
  const accountId = viewerAccountId(viewer);
  const old = await resolveKnownAccount(deps, acct);
  const removed = await deps.db.transaction((trx) => deleteAlias(deps.db, trx, accountId, old.uri));
  if (!removed) throw notFound("Record not found");
}

/** The viewer's aliases, oldest first. */
export async function listAliases(deps: ProfileDeps, viewer: Viewer | undefined): Promise<AliasRecord[]> {
  return aliasesOf(deps.db, viewerAccountId(viewer));
}
