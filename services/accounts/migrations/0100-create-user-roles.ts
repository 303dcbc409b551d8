import type { Migration } from "@starling/db";
import { ALL_PERMISSIONS, PERMISSIONS, permissionBits } from "@starling/runtime";

/**
 * Mastodon 4.0's seeded roles (config/roles.yml) with the ids earlier releases showed: everyone is
 * -99 (position -1, may invite users), then Moderator, Admin and Owner.
 */
export const SEEDED_ROLES: readonly { id: string; name: string; position: number; highlighted: boolean; permissions: number }[] = [
  { id: "-99", name: "", position: -1, highlighted: false, permissions: PERMISSIONS.invite_users },
  { id: "1", name: "Moderator", position: 10, highlighted: true, permissions: permissionBits(["view_dashboard", "view_audit_log", "manage_users", "manage_reports", "manage_taxonomies", "invite_users"]) },
  { id: "2", name: "Admin", position: 100, highlighted: true, permissions: ALL_PERMISSIONS & ~PERMISSIONS.administrator & ~PERMISSIONS.view_devops },
  { id: "3", name: "Owner", position: 1000, highlighted: true, permissions: ALL_PERMISSIONS },
];

/**
 * Roles become rows (Mastodon's UserRole): users point at one by role_id (null: the everyone role),
 * replacing the role name they held; deleting a role returns its users to everyone.
 */
export const createUserRoles: Migration = {
  name: "0100_create_user_roles",
  async up(knex, schema) {
    await knex.schema.withSchema(schema).createTable("user_roles", (t) => {
      t.bigInteger("id").primary();
      t.text("name").notNullable().defaultTo("");
      t.text("color").notNullable().defaultTo("");
      t.integer("position").notNullable().defaultTo(0);
      t.integer("permissions").notNullable().defaultTo(0);
      t.boolean("highlighted").notNullable().defaultTo(false);
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.withSchema(schema).table("user_roles").insert(SEEDED_ROLES);
    await knex.schema.withSchema(schema).alterTable("users", (t) => {
      t.bigInteger("role_id").references("id").inTable(`${schema}.user_roles`).onDelete("SET NULL").index();
    });
    await knex.raw("update ??.users u set role_id = r.id from ??.user_roles r where r.name = u.role and u.role <> ''", [schema, schema]);
    await knex.schema.withSchema(schema).alterTable("users", (t) => {
      t.dropColumn("role");
    });
  },
};
