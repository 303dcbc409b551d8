import { enqueueEvents, outboxEvent } from "@starling/events";
import { ALL_PERMISSIONS, invalidArgument, notFound, PERMISSIONS, permissionDenied, viewerHas, type Viewer } from "@starling/runtime";
import { EVERYONE_ROLE_ID, outranks, roleProblem, type UserRole } from "../domain/roles.ts";
import { deleteRole as deleteRoleRow, findRoles, insertRole, listRoles as listRoleRows, updateRole as updateRoleRow, type RoleFields } from "../data/user-roles-queries.ts";
import type { AccountsDeps } from "./deps.ts";

/** A role's fields as asked; absent ones keep their value (or take the default when creating). */
export interface RoleInput {
  name?: string | undefined;
  color?: string | undefined;
  position?: number | undefined;
  /** Decimal bitmask. */
  permissions?: string | undefined;
  highlighted?: boolean | undefined;
}

const NOT_ALLOWED = "This action is not allowed";

function requireManager(viewer: Viewer | undefined): void {
  if (!viewerHas(viewer, "manage_roles")) throw permissionDenied(NOT_ALLOWED);
}

/** The bits a viewer may grant: those they hold, every one for an administrator. */
const grantable = (viewer: Viewer | undefined) => ((viewer?.role?.permissions ?? 0) & PERMISSIONS.administrator ? ALL_PERMISSIONS : (viewer?.role?.permissions ?? 0));

function parseBits(permissions: string): number {
  const bits = /^\d{1,10}$/.test(permissions) ? Number(permissions) : Number.NaN;
  if (!Number.isInteger(bits) || (bits & ~ALL_PERMISSIONS) !== 0 || bits > ALL_PERMISSIONS) throw invalidArgument("Validation failed: Permissions must be a bitmask of known permissions");
  return bits;
}

/** Every role, highest position first. */
export async function listRoles(deps: AccountsDeps, viewer: Viewer | undefined): Promise<UserRole[]> {
  requireManager(viewer);
  return listRoleRows(deps.db);
}

export async function getRole(deps: AccountsDeps, viewer: Viewer | undefined, id: string): Promise<UserRole> {
  requireManager(viewer);
  const role = (await findRoles(deps.db, [id])).get(id);
  if (!role) throw notFound("Record not found");
  return role;
}

/** The fields after `input`, refused unless the viewer may set them (position below theirs, bits they hold). */
function checkedFields(viewer: Viewer | undefined, before: UserRole | undefined, input: RoleInput): RoleFields {
  const fields: RoleFields = {
    name: (input.name ?? before?.name ?? "").trim(),
    color: (input.color ?? before?.color ?? "").trim(),
    position: input.position ?? before?.position ?? 0,
    permissions: input.permissions === undefined ? (before?.permissions ?? 0) : parseBits(input.permissions),
    highlighted: input.highlighted ?? before?.highlighted ?? false,
  };
  const id = before?.id ?? "";
  const problem = roleProblem({ id, ...fields });
  if (problem) throw invalidArgument(problem);
  if (id === EVERYONE_ROLE_ID && (fields.name !== before!.name || fields.position !== before!.position)) throw invalidArgument("Validation failed: The everyone role's name and position cannot change");
  if (id !== EVERYONE_ROLE_ID && !outranks(viewer?.role, fields)) throw permissionDenied(NOT_ALLOWED);
  const added = fields.permissions & ~(before?.permissions ?? 0);
  if ((added & ~grantable(viewer)) !== 0) throw permissionDenied(NOT_ALLOWED);
  return fields;
}

/** Creates a role below the viewer's own, with permissions they hold; emits role.updated. */
export async function createRole(deps: AccountsDeps, viewer: Viewer | undefined, input: RoleInput): Promise<UserRole> {
  requireManager(viewer);
  const now = deps.now();
  const role: UserRole = { id: deps.newId(), ...checkedFields(viewer, undefined, input), createdAt: now, updatedAt: now };
  await deps.db.transaction(async (trx) => {
    await insertRole(deps.db, trx, role);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "role.updated", role.id, { roleId: role.id })]);
  });
  deps.nudge();
  return role;
}

/** A role the viewer may edit or delete: below their own (or the everyone role), never their own. */
async function managedRole(deps: AccountsDeps, viewer: Viewer | undefined, id: string): Promise<UserRole> {
  const role = await getRole(deps, viewer, id);
  if (role.id === viewer?.role?.id) throw permissionDenied(NOT_ALLOWED);
  if (role.id !== EVERYONE_ROLE_ID && !outranks(viewer?.role, role)) throw permissionDenied(NOT_ALLOWED);
  return role;
}

/** Changes the fields given; emits role.updated so issued tokens see the new permissions. */
export async function updateRole(deps: AccountsDeps, viewer: Viewer | undefined, id: string, input: RoleInput): Promise<UserRole> {
  const before = await managedRole(deps, viewer, id);
  const fields = checkedFields(viewer, before, input);
  const now = deps.now();
  await deps.db.transaction(async (trx) => {
    await updateRoleRow(deps.db, trx, id, fields, now);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "role.updated", id, { roleId: id })]);
  });
  deps.nudge();
  return { ...before, ...fields, updatedAt: now };
}

/** Deletes a role (never everyone's); its users hold the everyone role from then on. */
export async function deleteRole(deps: AccountsDeps, viewer: Viewer | undefined, id: string): Promise<void> {
  const role = await managedRole(deps, viewer, id);
  if (role.id === EVERYONE_ROLE_ID) throw permissionDenied("The everyone role cannot be deleted");
  await deps.db.transaction(async (trx) => {
    await deleteRoleRow(deps.db, trx, id);
    await enqueueEvents(deps.db, trx, [outboxEvent("accounts", "role.updated", id, { roleId: id })]);
  });
  deps.nudge();
}
