/**
 * Roles and their permission bitmasks (reference §4.4). Mastodon 4.0 seeds Owner, Admin and
 * Moderator; the implicit "everyone" role (id -99) holds what every user may do, which by default
 * is only `invite_users`. Ids are the ones Mastodon's seeds give (everyone -99, then 1..3).
 */
export const PERMISSIONS = {
  administrator: 1 << 0,
  view_devops: 1 << 1,
  view_audit_log: 1 << 2,
  view_dashboard: 1 << 3,
  manage_reports: 1 << 4,
  manage_federation: 1 << 5,
  manage_settings: 1 << 6,
  manage_blocks: 1 << 7,
  manage_taxonomies: 1 << 8,
  manage_appeals: 1 << 9,
  manage_users: 1 << 10,
  manage_invites: 1 << 11,
  manage_rules: 1 << 12,
  manage_announcements: 1 << 13,
  manage_custom_emojis: 1 << 14,
  manage_webhooks: 1 << 15,
  invite_users: 1 << 16,
  manage_roles: 1 << 17,
  manage_user_access: 1 << 18,
  delete_user_data: 1 << 19,
} as const;

type Permission = keyof typeof PERMISSIONS;
const mask = (names: Permission[]) => names.reduce((bits, name) => bits | PERMISSIONS[name], 0);
const ALL = mask(Object.keys(PERMISSIONS) as Permission[]);

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
  "": { id: "-99", name: "", permissions: String(PERMISSIONS.invite_users) },
  // Owner: every permission, administrator included (which bypasses every check in Mastodon).
  Owner: { id: "3", name: "Owner", permissions: String(ALL) },
  // Admin: everything but the administrator bit and devops, as Mastodon's seeded Admin role.
  Admin: { id: "2", name: "Admin", permissions: String(ALL & ~PERMISSIONS.administrator & ~PERMISSIONS.view_devops) },
  Moderator: {
    id: "1",
    name: "Moderator",
    permissions: String(mask(["view_dashboard", "view_audit_log", "manage_users", "manage_reports", "manage_taxonomies", "invite_users"])),
  },
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
