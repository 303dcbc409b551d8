import type { Transaction } from "@starling/db";
import { invalidArgument, permissionDenied, viewerHas, type Viewer } from "@starling/runtime";
import { EVERYONE_ROLE_ID, outranks, type UserRole } from "../domain/roles.ts";
import { findRoles, findRolesByName } from "../data/user-roles-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/**
 * The role a reference names: its id, or its name (case-insensitive; a name two roles share is
 * refused as ambiguous); "" is the everyone role.
 */
export async function roleNamed(deps: AccountsDeps, reference: string, trx?: Transaction): Promise<UserRole> {
  const ref = reference.trim();
  const byId = /^-?\d{1,19}$/.test(ref) ? (await findRoles(deps.db, [ref === "" ? EVERYONE_ROLE_ID : ref], trx)).get(ref) : undefined;
  if (byId) return byId;
  const named = ref === "" ? [...(await findRoles(deps.db, [EVERYONE_ROLE_ID], trx)).values()] : await findRolesByName(deps.db, ref, trx);
  if (named.length > 1) throw invalidArgument(`Validation failed: Role ${ref} is ambiguous; name it by id`);
  if (named.length === 0) throw invalidArgument(`Validation failed: Role ${ref} does not exist`);
  return named[0]!;
}

/**
 * Refuses giving `role` to a user unless the viewer may (Mastodon's rules): giving any role but
 * everyone's needs manage_roles and a role ranking above it.
 */
export function requireMayAssign(viewer: Viewer | undefined, role: UserRole): void {
  if (role.id === EVERYONE_ROLE_ID) return;
  if (!viewerHas(viewer, "manage_roles") || !outranks(viewer?.role, role)) throw permissionDenied("This action is not allowed");
}
