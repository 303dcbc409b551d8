import { parseArgs } from "node:util";
import { RolesServiceClient } from "@starling/proto/accounts/v1/roles";
import type { Role } from "@starling/proto/accounts/v1/accounts";
import { bitsHave, isPermission, PERMISSIONS } from "@starling/runtime";
import { asOwner } from "./as-owner.ts";

/** The permission names a role's bitmask holds (administrator alone stands for all). */
function permissionNames(bits: number): string {
  if (bitsHave(bits, "administrator")) return "administrator";
  return Object.keys(PERMISSIONS).filter((name) => isPermission(name) && (bits & PERMISSIONS[name]) !== 0).join(",") || "-";
}

/** One line per role: id, position, name ("(everyone)" for the everyone role), permissions. */
export const formatRoles = (roles: readonly Role[]) => roles.map((role) => [role.id, role.position, role.name || "(everyone)", permissionNames(Number(role.permissions))].join("\t")).join("\n");

/** `starling roles list`: the roles, highest position first, as the operator. */
export async function rolesListCommand(): Promise<void> {
  await asOwner(RolesServiceClient, async (client, viewerToken) => {
    console.log(formatRoles((await client.listRoles({}, { viewerToken })).roles));
  });
}

/**
 * `starling accounts modify USERNAME --role ROLE | --remove-role`: gives a local account's user a role
 * by name or id, or takes it away (back to the everyone role), like tootctl's `accounts modify`.
 */
export async function accountsModifyCommand(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { role: { type: "string" }, "remove-role": { type: "boolean" } } });
  const username = positionals[0];
  if (!username || (values.role === undefined) === (values["remove-role"] === undefined)) throw new Error("usage: starling accounts modify USERNAME --role ROLE | --remove-role");
  await asOwner(RolesServiceClient, async (client, viewerToken) => {
    const { role } = await client.assignRole(values.role === undefined ? { username, everyone: true } : { username, role: values.role }, { viewerToken });
    console.log(`OK (role ${role!.id}${role!.name ? ` ${role!.name}` : ""})`);
  });
}
