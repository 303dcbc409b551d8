import { notFound, permissionDenied, type Viewer } from "@starling/runtime";
import { findAccount } from "../data/accounts-queries.ts";
import type { Account } from "../domain/account.ts";
import type { AccountsDeps } from "./deps.ts";
import { viewerAccountId } from "./get-relationships.ts";

/**
 * The viewer and the account a block or mute acts on: UNAUTHENTICATED without a user, NOT_FOUND
 * for an unknown account, PERMISSION_DENIED on oneself (Mastodon's "This action is not allowed").
 */
export async function relationshipTarget(deps: AccountsDeps, viewer: Viewer | undefined, targetAccountId: string): Promise<{ accountId: string; target: Account }> {
  const accountId = viewerAccountId(viewer);
  const target = await findAccount(deps.db, targetAccountId);
  if (!target) throw notFound();
  if (target.id === accountId) throw permissionDenied("This action is not allowed");
  return { accountId, target };
}
