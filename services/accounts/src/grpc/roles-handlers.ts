import type { RolesServiceServer } from "@starling/proto/accounts/v1/roles";
import type { AsyncHandlers } from "@starling/runtime";
import { assignRole } from "../use-cases/role-assignment.ts";
import { createRole, deleteRole, getRole, listRoles, updateRole } from "../use-cases/manage-roles.ts";
import type { AccountsDeps } from "../use-cases/deps.ts";
import { roleToProto } from "./to-proto.ts";

/** RolesService: decode → use case → encode. */
export function rolesHandlers(deps: AccountsDeps): AsyncHandlers<RolesServiceServer> {
  return {
    listRoles: async (_request, ctx) => ({ roles: (await listRoles(deps, ctx.viewer)).map(roleToProto) }),
    getRole: async (request, ctx) => roleToProto(await getRole(deps, ctx.viewer, request.id)),
    createRole: async (request, ctx) => roleToProto(await createRole(deps, ctx.viewer, request)),
    updateRole: async ({ id, ...input }, ctx) => roleToProto(await updateRole(deps, ctx.viewer, id, input)),
    deleteRole: async (request, ctx) => {
      await deleteRole(deps, ctx.viewer, request.id);
      return {};
    },
    assignRole: async (request, ctx) => ({ role: roleToProto(await assignRole(deps, ctx.viewer, request, request)) }),
  };
}
