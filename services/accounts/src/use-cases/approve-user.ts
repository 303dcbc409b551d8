import { notFound, permissionDenied, viewerHas, type Viewer } from "@starling/runtime";
import { lockRegistration, markApproved } from "../data/registrations-queries.ts";
import { findUserByAccountId } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { targetAccountId, type AccountTarget } from "./account-target.ts";
import { announceSignUp } from "./user-activation.ts";

/**
 * Approves a user who signed up while registrations needed approval. Approving twice, or a user who
 * never waited (open mode, the CLI), changes nothing. The user becomes active when the address is
 * confirmed too; whichever of the two comes last announces user.signed_up.
 */
export async function approveUser(deps: AccountsDeps, viewer: Viewer | undefined, target: AccountTarget): Promise<string> {
  if (!viewerHas(viewer, "manage_users")) throw permissionDenied();
  const accountId = await targetAccountId(deps, target);
  const user = accountId && /^\d{1,18}$/.test(accountId) ? await findUserByAccountId(deps.db, accountId) : undefined;
  if (!user) throw notFound();
  const approvedNow = await deps.db.transaction(async (trx) => {
    if (!(await lockRegistration(deps.db, trx, user.id))) return false;
    if (!(await markApproved(deps.db, trx, user.id))) return false;
    // Read after taking the lock: a confirmation committed meanwhile is visible now.
    const current = await findUserByAccountId(deps.db, user.accountId, trx);
    if (current?.confirmedAt) await announceSignUp(deps, trx, user.accountId);
    return true;
  });
  if (approvedNow) deps.nudge();
  return user.accountId;
}
