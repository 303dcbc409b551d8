import type { Transaction } from "@starling/db";
import { permissionDenied } from "@starling/runtime";
import type { Account } from "../domain/account.ts";
import { findAccount } from "../data/accounts-queries.ts";
import { blockedEitherWay } from "../data/blocks-queries.ts";
import { onBlockedDomainsAmong } from "../data/domain-blocks-queries.ts";
import { liveMutesAmong } from "../data/mutes-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/**
 * PERMISSION_DENIED when a block stands between the two accounts either way, or the follower hides
 * the target's domain (Mastodon's following_not_allowed?), or, for a follow arriving from another
 * server, the target hides the follower's domain (as Mastodon refuses such a Follow activity).
 */
export async function assertFollowAllowed(deps: AccountsDeps, accountId: string, target: Account): Promise<void> {
  const blocked = await blockedEitherWay(deps.db, accountId, target.id);
  const domainBlocked =
    (target.domain !== null && (await onBlockedDomainsAmong(deps.db, accountId, [target.id])).size > 0) ||
    (await onBlockedDomainsAmong(deps.db, target.id, [accountId])).size > 0;
  if (blocked || domainBlocked) throw permissionDenied("This action is not allowed");
}

/**
 * Whether a new follow must wait for the target's approval: the target is locked, or (the spec's
 * rule) the follower is silenced or muted by the target, even when the target is unlocked. A
 * follow of a remote account always waits for its server's Accept, as in Mastodon.
 */
export async function followNeedsApproval(deps: AccountsDeps, trx: Transaction, accountId: string, target: Account): Promise<boolean> {
  if (target.locked || target.domain !== null) return true;
  const follower = await findAccount(deps.db, accountId, trx);
  if (follower?.silencedAt) return true;
  return (await liveMutesAmong(deps.db, target.id, [accountId], deps.now(), trx)).size > 0;
}
