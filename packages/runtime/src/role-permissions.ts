/**
 * Staff permissions of Mastodon 4.0's roles (reference §4.4): the bitmask every role carries, and the
 * check every admin route and moderation use case makes. The role travels by name in the signed
 * viewer; its permissions are derived here, so the gateway, accounts and moderation agree on them.
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

/** One staff permission, e.g. `manage_reports`. */
export type Permission = keyof typeof PERMISSIONS;

const mask = (names: readonly Permission[]) => names.reduce((bits, name) => bits | PERMISSIONS[name], 0);
const ALL = mask(Object.keys(PERMISSIONS) as Permission[]);

/**
 * The bitmask of each role Mastodon seeds, by name; "" is the implicit "everyone" role, which by
 * default may only invite users.
 */
export const ROLE_PERMISSIONS: Readonly<Record<"" | "Owner" | "Admin" | "Moderator", number>> = {
  "": PERMISSIONS.invite_users,
  // Every permission, administrator included (which passes every check, as in Mastodon).
  Owner: ALL,
  // Everything but the administrator bit and devops, as Mastodon's seeded Admin role.
  Admin: ALL & ~PERMISSIONS.administrator & ~PERMISSIONS.view_devops,
  Moderator: mask(["view_dashboard", "view_audit_log", "manage_users", "manage_reports", "manage_taxonomies", "invite_users"]),
};

/** The permission bits of a role name; unknown or absent names hold the everyone role's. */
export function rolePermissions(role: string | undefined): number {
  return Object.hasOwn(ROLE_PERMISSIONS, role ?? "") ? ROLE_PERMISSIONS[(role ?? "") as keyof typeof ROLE_PERMISSIONS] : ROLE_PERMISSIONS[""];
}

/** Whether a role holds `permission` (or administrator, which implies every permission). */
export function roleHas(role: string | undefined, permission: Permission): boolean {
  const bits = rolePermissions(role);
  return (bits & PERMISSIONS.administrator) !== 0 || (bits & PERMISSIONS[permission]) !== 0;
}
