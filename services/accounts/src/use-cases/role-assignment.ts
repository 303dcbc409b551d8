import type { Transaction } from "@starling/db";
import { enqueueEvents, outboxEvent } from "@starling/events";
import { invalidArgument, notFound, permissionDenied, viewerHas, type Viewer } from "@starling/runtime";
import { EVERYONE_ROLE_ID, outranks, type UserRole } from "../domain/roles.ts";
import { findRoleWithEveryone, findRoles, findRolesByName, setUserRole } from "../data/user-roles-queries.ts";
import { findUserByAccountId } from "../data/users-queries.ts";
import type { AccountsDeps } from "./deps.ts";
import { targetAccountId, type AccountTarget } from "./account-target.ts";

/**
 * The role a reference names: its id, or its name (case-insensitive; a name two roles share is
 * refused as ambiguous); no reference is the everyone role.
 */
export async function roleNamed(deps: AccountsDeps, reference: string | undefined, trx?: Transaction): Promise<UserRole> {
  if (reference === undefined) return (await findRoleWithEveryone(deps.db, null, trx)).everyone;
  const ref = reference.trim();
  if (ref === "") throw invalidArgument("Validation failed: Role can't be blank");
  const byId = /^-?\d{1,19}$/.test(ref) ? (await findRoles(deps.db, [ref], trx)).get(ref) : undefined;
  if (byId) return byId;
  const named = await findRolesByName(deps.db, ref, trx);
  if (named.length > 1) throw invalidArgument(`Validation failed: Role ${ref} is ambiguous; name it by id`);
  if (named.length === 0) throw invalidArgument(`Validation failed: Role ${ref} does not exist`);
  return named[0]!;
}

/** The proto's `oneof new_role`: a role by reference, or the everyone role (taking any role away). */
export interface NewRole {
  role?: string | undefined;
  everyone?: boolean | undefined;
}

// A oneof decodes both fields when a client sends both, so that is refused rather than one winning.
function newRoleReference(newRole: NewRole): string | undefined {
  if (newRole.role !== undefined && newRole.everyone !== undefined) throw invalidArgument("Name the role or everyone, not both");
  if (newRole.role !== undefined) return newRole.role;
  if (newRole.everyone === true) return undefined;
  throw invalidArgument("role or everyone is required");
}

/**
 * Refuses giving `role` to a user unless the viewer may (Mastodon's rules): giving any role but
 * everyone's needs manage_roles and a role ranking above it.
 */
export function requireMayAssign(viewer: Viewer | undefined, role: UserRole): void {
  if (role.id === EVERYONE_ROLE_ID) return;
  if (!viewerHas(viewer, "manage_roles") || !outranks(viewer?.role, role)) throw permissionDenied("This action is not allowed");
}

/**
 * Gives a local account's user the role named by id or name, or everyone's (taking a role away): the viewer needs
 * manage_roles and must rank above both the user's current role and the new one; nobody changes
 * their own role. Emits account.role_changed.
 */
export async function assignRole(deps: AccountsDeps, viewer: Viewer | undefined, target: AccountTarget, newRole: NewRole): Promise<UserRole> {
  if (!viewerHas(viewer, "manage_roles")) throw permissionDenied("This action is not allowed");
  const roleReference = newRoleReference(newRole);
  const accountId = (await targetAccountId(deps, { ...target, username: target.username?.replace(/^@/, "") })) ?? "";
  const user = /^\d{1,19}$/.test(accountId) ? await findUserByAccountId(deps.db, accountId) : undefined;
  if (!user) throw notFound("Record not found");
  const role = await roleNamed(deps, roleReference);
  const { role: current } = await findRoleWithEveryone(deps.db, user.roleId);
  if (accountId === viewer?.accountId || (current.id !== EVERYONE_ROLE_ID && !outranks(viewer?.role, current))) throw permissionDenied("This action is not allowed");
  requireMayAssign(viewer, role);
  await deps.db.transaction(async (trx) => {
    await setUserRole(deps.db, trx, accountId, role.id === EVERYONE_ROLE_ID ? null : role.id);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "account.role_changed", accountId, { accountId, roleId: role.id })]);
  });
  deps.nudge();
  return role;
}
