import type { Role } from "@starling/proto/accounts/v1/accounts";

/**
 * A role as the admin roles API shows it: Role (reference §4.4) with the position and times of
 * Mastodon's UserRole record, which 4.0 only shows in its web UI.
 */
export const presentAdminRole = (role: Role) => ({
  id: role.id,
  name: role.name,
  color: role.color,
  position: role.position,
  permissions: role.permissions,
  highlighted: role.highlighted,
  created_at: role.createdAt?.toISOString() ?? null,
  updated_at: role.updatedAt?.toISOString() ?? null,
});
