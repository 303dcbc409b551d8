import { isId } from "@starling/paging";
import { notFound, passRefusals, permissionDenied } from "@starling/runtime";
import { requireStaff } from "../domain/staff.ts";
import { recordAudit } from "./audit-log.ts";
import type { Caller, ModerationDeps } from "./deps.ts";

/** The staff-facing facts of one account, through accounts; 404 when unknown. */
async function adminViewOf(deps: ModerationDeps, caller: Caller, accountId: string) {
  const [admin] = isId(accountId) ? (await passRefusals(deps.clients.adminAccounts.getAdminAccounts({ ids: [accountId] }, { viewerToken: caller.viewerToken }))).accounts : [];
  if (!admin) throw notFound();
  return admin;
}

/**
 * /approve and /reject of a local sign-up awaiting approval (403 for any other account, as Mastodon).
 * Rejecting deletes the pending user and account outright through accounts (the username is free again).
 */
export async function reviewSignUp(deps: ModerationDeps, caller: Caller, accountId: string, approve: boolean): Promise<void> {
  const staffId = requireStaff(caller, "manage_users");
  const admin = await adminViewOf(deps, caller, accountId);
  if (admin.approved !== false) throw permissionDenied();
  if (approve) await passRefusals(deps.clients.registration.approveUser({ accountId }, { viewerToken: caller.viewerToken }));
  else await passRefusals(deps.clients.registration.rejectUser({ accountId }, { viewerToken: caller.viewerToken }));
  await deps.db.transaction((trx) => recordAudit(deps, trx, { accountId: staffId, action: approve ? "account.approve" : "account.reject", targetType: "Account", targetId: accountId }));
}

/** DELETE /api/v1/admin/accounts/:id: only a suspended account's data may be deleted (delete_user_data). */
export async function deleteAccountData(deps: ModerationDeps, caller: Caller, accountId: string): Promise<void> {
  const staffId = requireStaff(caller, "delete_user_data");
  const admin = await adminViewOf(deps, caller, accountId);
  if (!admin.suspended) throw permissionDenied();
  await passRefusals(deps.clients.security.deleteAccount({ accountId }, { viewerToken: caller.viewerToken }));
  await deps.db.transaction((trx) => recordAudit(deps, trx, { accountId: staffId, action: "account.destroy", targetType: "Account", targetId: accountId }));
}
