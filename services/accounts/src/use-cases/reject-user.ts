import { enqueueEvents, outboxEvent } from "@starling/events";
import { failedPrecondition, notFound, permissionDenied, viewerHas, type Viewer } from "@starling/runtime";
import { findAccount } from "../data/accounts-queries.ts";
import { deleteAccountRow, eraseUserData } from "../data/account-deletion-queries.ts";
import { lockRegistration } from "../data/registrations-queries.ts";
import { findUserByAccountId } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { endRelationships } from "./end-relationships.ts";

/**
 * Rejects a user who signed up while registrations needed approval. As Mastodon deletes such a
 * user outright (nothing was ever published), the account row goes too, not a tombstone: the
 * username and the e-mail may be used again. account.deleted tells other services to forget it.
 */
export async function rejectUser(deps: AccountsDeps, viewer: Viewer | undefined, accountId: string): Promise<void> {
  if (!viewerHas(viewer, "manage_users")) throw permissionDenied();
  const user = /^\d{1,18}$/.test(accountId) ? await findUserByAccountId(deps.db, accountId) : undefined;
  const account = user && (await findAccount(deps.db, accountId));
  if (!user || !account) throw notFound();
  await deps.db.transaction(async (trx) => {
    // Under the registration's lock, so an approval cannot land between the check and the delete.
    if ((await lockRegistration(deps.db, trx, user.id))?.approved !== false) throw failedPrecondition("The user is not waiting for approval");
    await endRelationships(deps, trx, accountId);
    await eraseUserData(deps.db, trx, accountId, deps.now());
    await deleteAccountRow(deps.db, trx, accountId);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.deleted", accountId, { accountId, username: account.username, domain: undefined })]);
  });
  deps.nudge();
}
