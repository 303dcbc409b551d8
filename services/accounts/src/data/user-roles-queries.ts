import type { Database, Transaction } from "@starling/db";
import { EVERYONE_ROLE_ID, type UserRole } from "../domain/roles.ts";

interface RoleRow {
  id: string;
  name: string;
  color: string;
  position: number;
  permissions: number;
  highlighted: boolean;
  created_at: Date;
  updated_at: Date;
}

const toRole = (row: RoleRow): UserRole => ({
  id: String(row.id),
  name: row.name,
  color: row.color,
  position: row.position,
  permissions: row.permissions,
  highlighted: row.highlighted,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** Every role, highest position first (everyone last). */
export async function listRoles(db: Database, trx?: Transaction): Promise<UserRole[]> {
  const rows: RoleRow[] = await db.table("user_roles", trx).orderBy([{ column: "position", order: "desc" }, { column: "id" }]);
  return rows.map(toRole);
}

/** Roles by id (a user's null role_id is the everyone role's); unknown ids are left out. */
export async function findRoles(db: Database, ids: readonly (string | null)[], trx?: Transaction): Promise<Map<string, UserRole>> {
  const wanted = [...new Set(ids.map((id) => id ?? EVERYONE_ROLE_ID))].filter((id) => /^-?\d{1,19}$/.test(id));
  if (wanted.length === 0) return new Map();
  const rows: RoleRow[] = await db.table("user_roles", trx).whereIn("id", wanted);
  return new Map(rows.map((row) => [String(row.id), toRole(row)]));
}

/** A user's role (the everyone role for null) and the everyone role, in one read. */
export async function findRoleWithEveryone(db: Database, roleId: string | null, trx?: Transaction): Promise<{ role: UserRole; everyone: UserRole }> {
  const roles = await findRoles(db, [roleId, EVERYONE_ROLE_ID], trx);
  const everyone = roles.get(EVERYONE_ROLE_ID)!;
  return { role: roles.get(roleId ?? EVERYONE_ROLE_ID) ?? everyone, everyone };
}

/** Roles named `name`, compared case-insensitively (names need not be unique, as in Mastodon). */
export async function findRolesByName(db: Database, name: string, trx?: Transaction): Promise<UserRole[]> {
  const rows: RoleRow[] = await db.table("user_roles", trx).whereRaw("lower(name) = lower(?)", [name]).orderBy("id");
  return rows.map(toRole);
}

/** The stored fields of a role. */
export type RoleFields = Pick<UserRole, "name" | "color" | "position" | "permissions" | "highlighted">;

export async function insertRole(db: Database, trx: Transaction, role: UserRole): Promise<void> {
  await db.table("user_roles", trx).insert({ id: role.id, name: role.name, color: role.color, position: role.position, permissions: role.permissions, highlighted: role.highlighted, created_at: role.createdAt, updated_at: role.updatedAt });
}

export async function updateRole(db: Database, trx: Transaction, id: string, fields: RoleFields, now: Date): Promise<void> {
  await db.table("user_roles", trx).where({ id }).update({ ...fields, updated_at: now });
}

/** Deletes a role; its users' role_id becomes null (the everyone role) by the foreign key. */
export async function deleteRole(db: Database, trx: Transaction, id: string): Promise<void> {
  await db.table("user_roles", trx).where({ id }).delete();
}

/** Sets a user's role (null: everyone). */
export async function setUserRole(db: Database, trx: Transaction, accountId: string, roleId: string | null): Promise<void> {
  await db.table("users", trx).where({ account_id: accountId }).update({ role_id: roleId });
}
