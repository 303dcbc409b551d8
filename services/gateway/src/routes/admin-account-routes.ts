import { z } from "zod";
import type { Route, RouteContext } from "../http/route.ts";
import { boolParam, choiceParam, idParam } from "../http/params.ts";
import { presentAdminAccountById } from "../presenters/admin-account.ts";

const byId = z.object({ id: idParam });
const action = z.object({
  id: idParam,
  type: z.string().default("none"),
  report_id: idParam.optional(),
  warning_preset_id: choiceParam,
  text: z.string().default(""),
  send_email_notification: boolParam.optional(),
});
const staffRead = { auth: "user" as const, scopes: ["admin:read", "admin:read:accounts"], permission: "manage_users" as const };
const staffWrite = { auth: "user" as const, scopes: ["admin:write", "admin:write:accounts"], permission: "manage_users" as const };

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
  lift("enable"),
  lift("unsensitive"),
  lift("unsilence"),
  lift("unsuspend"),
];
