import { ROLE_PERMISSIONS } from "@starling/runtime";

// Roles as the credential account shows them (reference §4.4): Mastodon 4.0 seeds Owner, Admin and
// Moderator; the implicit "everyone" role (id -99) holds what every user may do. Ids are the ones
// Mastodon's seeds give (everyone -99, then 1..3); the permission bitmasks live in @starling/runtime,
// which every service checks them with.

/** A role as the credential account shows it. */
export interface RoleView {
  id: string;
  name: string;
  /** Decimal string of the bitmask. */
  permissions: string;
}

/** Role names a user may hold; "" is a plain user (the "everyone" role). */
export const ROLE_NAMES = ["Owner", "Admin", "Moderator"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const ROLES: Record<RoleName | "", RoleView> = {
  "": { id: "-99", name: "", permissions: String(ROLE_PERMISSIONS[""]) },
  Owner: { id: "3", name: "Owner", permissions: String(ROLE_PERMISSIONS.Owner) },
  Admin: { id: "2", name: "Admin", permissions: String(ROLE_PERMISSIONS.Admin) },
  Moderator: { id: "1", name: "Moderator", permissions: String(ROLE_PERMISSIONS.Moderator) },
};

/** Whether `name` is a role a user may be given ("" included). */
export function isRoleName(name: string): name is RoleName | "" {
  return Object.hasOwn(ROLES, name);
}

/** The role view for a stored role name; unknown names fall back to the everyone role. */
export function roleView(name: string | null | undefined): RoleView {
  return isRoleName(name ?? "") ? ROLES[(name ?? "") as RoleName | ""] : ROLES[""];
}

/** Whether a viewer with this role may create accounts and other admin-only actions of this slice. */
export function isAdminRole(name: string | undefined): boolean {
  return name === "Owner" || name === "Admin";
}
