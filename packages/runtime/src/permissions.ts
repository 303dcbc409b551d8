/**
 * Staff permissions of Mastodon 4.0's roles (reference §4.4): the bitmask every role carries, and the
 * one check every admin route and use case makes. Roles are rows accounts owns (user_roles); the
 * gateway's viewer carries the bits accounts resolved at Authenticate, so no check names a role.
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

/** Whether `name` is one of Mastodon's permission names. */
export const isPermission = (name: string): name is Permission => Object.hasOwn(PERMISSIONS, name);

/** The bitmask of these permissions. */
export const permissionBits = (names: readonly Permission[]): number => names.reduce((bits, name) => bits | PERMISSIONS[name], 0);

/** Every permission bit, administrator included. */
export const ALL_PERMISSIONS = permissionBits(Object.keys(PERMISSIONS) as Permission[]);

/** Whether a bitmask holds `permission`; administrator implies every permission, as in Mastodon. */
export function bitsHave(bits: number, permission: Permission): boolean {
  return (bits & PERMISSIONS.administrator) !== 0 || (bits & PERMISSIONS[permission]) !== 0;
}

/** Whether a signed viewer's role holds `permission` (app-only and absent viewers hold none). */
export function viewerHas(viewer: { role?: { permissions: number } | undefined } | undefined, permission: Permission): boolean {
  return bitsHave(viewer?.role?.permissions ?? 0, permission);
}

/**
 * A viewer role holding just `permissions` at `position`: what a caller with the secret signs when
 * it acts without an account's role (tests standing in for staff).
 */
export function roleWith(permissions: readonly Permission[], position = 0): { id: string; name: string; permissions: number; position: number } {
  return { id: "", name: "", permissions: permissionBits(permissions), position };
}
