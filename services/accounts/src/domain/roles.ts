import type { ViewerRole } from "@starling/runtime";

// Roles are rows of user_roles (Mastodon's UserRole, reference §4.4); the seeds are in migration 0100.
// A user without a role holds the everyone role, whose permissions every user holds besides their own.

/** A role as stored. `permissions` is the bitmask of @starling/runtime's PERMISSIONS. */
export interface UserRole {
  id: string;
  name: string;
  /** "#rrggbb", or "" for none. */
  color: string;
  position: number;
  permissions: number;
  highlighted: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The everyone role's id, as Mastodon's (its row always exists and cannot be deleted). */
export const EVERYONE_ROLE_ID = "-99";

/** The role as a signed viewer carries it: its own permissions joined with everyone's. */
export function viewerRoleOf(role: UserRole, everyone: UserRole): ViewerRole {
  return { id: role.id, name: role.name, permissions: role.permissions | everyone.permissions, position: role.position };
}

/** Whether a role of `actor`'s position may act on (manage, assign, moderate a holder of) `target`. */
export function outranks(actor: { position: number } | undefined, target: { position: number }): boolean {
  return actor !== undefined && actor.position > target.position;
}

const COLOR = /^#?(?:[0-9a-f]{3}){1,2}$/i;
/** Positions fit the int column (Mastodon's is an integer too). */
const POSITION_LIMIT = 2 ** 31 - 1;

/** What is wrong with a role's fields as Mastodon validates them, or undefined. */
export function roleProblem(role: { id: string; name: string; color: string; position: number }): string | undefined {
  if (role.id !== EVERYONE_ROLE_ID && role.name.trim() === "") return "Validation failed: Name can't be blank";
  if (role.name.length > 255) return "Validation failed: Name is too long (maximum is 255 characters)";
  if (role.color !== "" && !COLOR.test(role.color)) return "Validation failed: Color is invalid";
  if (!Number.isInteger(role.position) || Math.abs(role.position) > POSITION_LIMIT) return "Validation failed: Position is not a number";
  return undefined;
}
