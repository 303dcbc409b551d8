import { z } from "zod";
import type { Route } from "../http/route.ts";
import { idParam } from "../http/params.ts";
import { presentWarningPreset } from "../presenters/warning-preset.ts";

const byId = z.object({ id: idParam });
const create = z.object({ text: z.string().default(""), title: z.string().optional() });
const change = z.object({ id: idParam, text: z.string().optional(), title: z.string().optional() });
const staffRead = { auth: "user" as const, scopes: ["admin:read"], permission: "manage_settings" as const };
const staffWrite = { auth: "user" as const, scopes: ["admin:write"], permission: "manage_settings" as const };

/** Warning presets for account actions (`warning_preset_id`), beyond Mastodon 4.0 (web UI only there). */
export const adminWarningPresetRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/admin/warning_presets",
    ...staffRead,
    input: z.object({}),
    call: async (ctx) => (await ctx.clients.warningPresets.listWarningPresets({}, { viewerToken: ctx.viewerToken })).warningPresets,
    present: (_ctx, presets) => presets.map(presentWarningPreset),
  },
  {
    method: "get",
    path: "/api/v1/admin/warning_presets/:id",
    ...staffRead,
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.warningPresets.getWarningPreset(input, { viewerToken: ctx.viewerToken }),
    present: (_ctx, preset) => presentWarningPreset(preset),
  },
  {
    method: "post",
    path: "/api/v1/admin/warning_presets",
    ...staffWrite,
    input: create,
    call: (ctx, input: z.infer<typeof create>) => ctx.clients.warningPresets.createWarningPreset(input, { viewerToken: ctx.viewerToken }),
    present: (_ctx, preset) => presentWarningPreset(preset),
  },
  {
    method: "put",
    path: "/api/v1/admin/warning_presets/:id",
    ...staffWrite,
    input: change,
    call: (ctx, input: z.infer<typeof change>) => ctx.clients.warningPresets.updateWarningPreset(input, { viewerToken: ctx.viewerToken }),
    present: (_ctx, preset) => presentWarningPreset(preset),
  },
  {
    method: "delete",
    path: "/api/v1/admin/warning_presets/:id",
    ...staffWrite,
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.warningPresets.deleteWarningPreset(input, { viewerToken: ctx.viewerToken }),
    present: () => ({}),
  },
];
