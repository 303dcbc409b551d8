import { z } from "zod";
import type { Role } from "@starling/proto/accounts/v1/accounts";
import type { Route } from "../http/route.ts";
import { boolParam, idParam } from "../http/params.ts";
import { presentAdminRole } from "../presenters/role.ts";
import { presentAdminAccountById } from "../presenters/admin-account.ts";
import { staffAccess } from "./admin-crud-routes.ts";

// Role ids are digits, or the everyone role's -99.
const roleId = z.string().regex(/^-?\d{1,18}$/, "must be an id");
const byId = z.object({ id: roleId });
const fields = {
  name: z.string().max(255).optional(),
  color: z.string().max(7).optional(),
  position: z.coerce.number().int().min(-(2 ** 31)).max(2 ** 31 - 1).optional(),
  // The bitmask as Mastodon shows it: a decimal string (a number is taken too).
  permissions: z.union([z.string().regex(/^\d{1,10}$/, "must be a bitmask"), z.number().int().nonnegative().transform(String)]).optional(),
  highlighted: boolParam.optional(),
};
const create = z.object({ ...fields, name: z.string().max(255) });
const update = z.object({ id: roleId, ...fields });
const assign = z.object({ id: idParam, role_id: roleId });
const read = staffAccess("manage_roles", "read");
const write = staffAccess("manage_roles", "write");

/**
 * Staff roles (beyond Mastodon 4.0, whose roles are managed in its web UI only), owned by accounts,
 * and giving an account's user a role.
 */
export const adminRoleRoutes: Route[] = [
  { method: "get", path: "/api/v1/admin/roles", ...read, input: z.object({}), call: async (ctx) => (await ctx.clients.roles.listRoles({}, { viewerToken: ctx.viewerToken })).roles, present: (_ctx, roles: Role[]) => roles.map(presentAdminRole) },
  { method: "get", path: "/api/v1/admin/roles/:id", ...read, input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.roles.getRole(input, { viewerToken: ctx.viewerToken }), present: (_ctx, role: Role) => presentAdminRole(role) },
  { method: "post", path: "/api/v1/admin/roles", ...write, input: create, call: (ctx, input: z.infer<typeof create>) => ctx.clients.roles.createRole(input, { viewerToken: ctx.viewerToken }), present: (_ctx, role: Role) => presentAdminRole(role) },
  { method: "put", path: "/api/v1/admin/roles/:id", ...write, input: update, call: (ctx, input: z.infer<typeof update>) => ctx.clients.roles.updateRole(input, { viewerToken: ctx.viewerToken }), present: (_ctx, role: Role) => presentAdminRole(role) },
  {
    method: "delete",
    path: "/api/v1/admin/roles/:id",
    ...write,
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.roles.deleteRole(input, { viewerToken: ctx.viewerToken }),
    present: () => ({}),
  },
  {
    method: "put",
    path: "/api/v1/admin/accounts/:id/role",
    ...write,
    input: assign,
    call: async (ctx, input: z.infer<typeof assign>) => {
      await ctx.clients.roles.assignRole({ accountId: input.id, role: input.role_id }, { viewerToken: ctx.viewerToken });
      return input.id;
    },
    present: presentAdminAccountById,
  },
];
