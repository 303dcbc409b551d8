import type { ViewerRole } from "@starling/runtime";
import { SEEDED_ROLES } from "../../migrations/0100-create-user-roles.ts";
import { EVERYONE_ROLE_ID } from "./roles.ts";

/**
 * A role the migration seeds, by name ("" for everyone), as Authenticate would put it in a viewer
 * before anyone edits it: for other services' tests that sign viewers of accounts they create here.
 */
export function seededViewerRole(name: string): ViewerRole {
  const role = SEEDED_ROLES.find((seed) => seed.name === name);
  const everyone = SEEDED_ROLES.find((seed) => seed.id === EVERYONE_ROLE_ID)!;
  if (!role) throw new Error(`No seeded role is named ${name}`);
  return { id: role.id, name: role.name, permissions: role.permissions | everyone.permissions, position: role.position };
}
