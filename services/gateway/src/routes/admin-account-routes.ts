import { z } from "zod";
import type { AdminAccount, ListAdminAccountsRequest } from "@starling/proto/accounts/v1/admin_accounts";
import { edgeLinks, type Route, type RouteContext } from "../http/route.ts";
import { HttpError } from "../http/grpc-to-http.ts";
import { boolParam, choiceParam, idParam, pageParams, pageRequest } from "../http/params.ts";
import { presentAdminAccountById, presentAdminAccounts } from "../presenters/admin-account.ts";
import { staffAccess } from "./admin-crud-routes.ts";

const byId = z.object({ id: idParam });
const action = z.object({
  id: idParam,
  type: z.string().default("none"),
  report_id: idParam.optional(),
  warning_preset_id: choiceParam,
  text: z.string().default(""),
  send_email_notification: boolParam.optional(),
});
const staffRead = staffAccess("manage_users", "read", "accounts");
const staffWrite = staffAccess("manage_users", "write", "accounts");
const text = z.string().optional();
const listV1 = z.object({
  ...pageParams(100),
  local: boolParam.optional(),
  remote: boolParam.optional(),
  by_domain: text,
  active: boolParam.optional(),
  pending: boolParam.optional(),
  disabled: boolParam.optional(),
  sensitized: boolParam.optional(),
  silenced: boolParam.optional(),
  suspended: boolParam.optional(),
  username: text,
  display_name: text,
  email: text,
  ip: text,
  staff: boolParam.optional(),
});
const listV2 = z.object({
  ...pageParams(100),
  origin: text,
  status: text,
  permissions: text,
  role_ids: z.union([z.array(z.string()), z.string().transform((id) => [id])]).default([]),
  invited_by: text,
  username: text,
  display_name: text,
  by_domain: text,
  email: text,
  ip: text,
});
const V1_STATUSES = ["active", "pending", "disabled", "silenced", "suspended"] as const;

/** v1's flags as v2's filters: origin and status default to local and active, as Mastodon 4.0's. */
function v1Query(input: z.infer<typeof listV1>): ListAdminAccountsRequest {
  const origin = input.remote && !input.local ? "remote" : "local";
  const status = V1_STATUSES.find((name) => input[name]) ?? "active";
  return { page: pageRequest(input), origin, status, staff: input.staff ?? false, byDomain: input.by_domain, username: input.username, displayName: input.display_name, email: input.email, ip: input.ip, roleIds: [] };
}

/** v2's filters; an unknown origin, status or permissions value is a 400, as Mastodon's. */
function v2Query(input: z.infer<typeof listV2>): ListAdminAccountsRequest {
  if (input.origin !== undefined && !["local", "remote"].includes(input.origin)) throw new HttpError(400, `Unknown origin: ${input.origin}`);
  if (input.status !== undefined && !["active", "pending", "disabled", "silenced", "suspended", "sensitized"].includes(input.status)) throw new HttpError(400, `Unknown status: ${input.status}`);
  if (input.permissions !== undefined && input.permissions !== "staff") throw new HttpError(400, `Unknown permissions: ${input.permissions}`);
  // Starling has no invites yet: an inviter filter matches nobody.
  if (input.invited_by !== undefined) return { page: { limit: 0 }, staff: false, roleIds: [] };
  return { page: pageRequest(input), origin: input.origin, status: input.status, staff: input.permissions === "staff", byDomain: input.by_domain, username: input.username, displayName: input.display_name, email: input.email, ip: input.ip, roleIds: input.role_ids };
}

/** A list route of admin accounts: the query, one accounts call, Admin::Account rendering, Link cursors. */
const listRoute = <I>(path: string, input: z.ZodType<I>, query: (input: I) => ListAdminAccountsRequest): Route => ({
  method: "get",
  path,
  ...staffRead,
  input,
  call: async (ctx: RouteContext, parsed: I) => (await ctx.clients.adminAccounts.listAdminAccounts(query(parsed), { viewerToken: ctx.viewerToken })).accounts,
  present: presentAdminAccounts,
  links: (accounts: AdminAccount[]) => edgeLinks(accounts.map((a) => a.account!.id)),
});


/** POST /:id/<lift>: staff lift a restriction and get the account back as Admin::Account. */
const lift = (type: "enable" | "unsensitive" | "unsilence" | "unsuspend"): Route => ({
  method: "post",
  path: `/api/v1/admin/accounts/:id/${type}`,
  ...staffWrite,
  input: byId,
  call: async (ctx: RouteContext, input: z.infer<typeof byId>) => {
    await ctx.clients.accountActions.liftAccountAction({ accountId: input.id, type }, { viewerToken: ctx.viewerToken });
    return input.id;
  },
  present: presentAdminAccountById,
});

/** Admin account moderation (reference §1.23, accounts), through the moderation service. */
export const adminAccountRoutes: Route[] = [
  listRoute("/api/v1/admin/accounts", listV1, v1Query),
  listRoute("/api/v2/admin/accounts", listV2, v2Query),
  { method: "get", path: "/api/v1/admin/accounts/:id", ...staffRead, input: byId, call: async (_ctx, input: z.infer<typeof byId>) => input.id, present: presentAdminAccountById },
  {
    method: "post",
    path: "/api/v1/admin/accounts/:id/action",
    // Mastodon lets moderators who manage reports act from a report; moderation checks either permission.
    ...staffWrite,
    input: action,
    call: async (ctx, input: z.infer<typeof action>) => {
      await ctx.clients.accountActions.takeAccountAction(
        { accountId: input.id, type: input.type, reportId: input.report_id, warningPresetId: input.warning_preset_id, text: input.text, sendEmailNotification: input.send_email_notification },
        { viewerToken: ctx.viewerToken },
      );
      return {};
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/accounts/:id/approve",
    ...staffWrite,
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => {
      await ctx.clients.accountActions.reviewSignUp({ accountId: input.id, approve: true }, { viewerToken: ctx.viewerToken });
      return input.id;
    },
    present: presentAdminAccountById,
  },
  {
    method: "post",
    path: "/api/v1/admin/accounts/:id/reject",
    ...staffWrite,
    input: byId,
    call: async (ctx, input: z.infer<typeof byId>) => ctx.clients.accountActions.reviewSignUp({ accountId: input.id, approve: false }, { viewerToken: ctx.viewerToken }),
    present: () => ({}),
  },
  {
    method: "delete",
    path: "/api/v1/admin/accounts/:id",
    ...staffWrite,
    permission: "delete_user_data",
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.accountActions.deleteAccountData({ accountId: input.id }, { viewerToken: ctx.viewerToken }),
    present: () => ({}),
  },
  lift("enable"),
  lift("unsensitive"),
  lift("unsilence"),
  lift("unsuspend"),
];
