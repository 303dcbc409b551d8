import { z } from "zod";
import type { Route } from "../http/route.ts";
import { idParam } from "../http/params.ts";
import { presentWarningPreset } from "../presenters/warning-preset.ts";
import { adminCrudRoutes } from "./admin-crud-routes.ts";

/** Warning presets for account actions (`warning_preset_id`), beyond Mastodon 4.0 (web UI only there). */
export const adminWarningPresetRoutes: Route[] = adminCrudRoutes({
  path: "/api/v1/admin/warning_presets",
  permission: "manage_settings",
  client: (ctx) => ctx.clients.warningPresets,
  present: presentWarningPreset,
  list: async (presets, options) => (await presets.listWarningPresets({}, options)).warningPresets,
  get: (presets, input, options) => presets.getWarningPreset(input, options),
  create: { input: z.object({ text: z.string().default(""), title: z.string().optional() }), call: (presets, input, options) => presets.createWarningPreset(input, options) },
  update: { input: z.object({ id: idParam, text: z.string().optional(), title: z.string().optional() }), call: (presets, input, options) => presets.updateWarningPreset(input, options) },
  remove: (presets, input, options) => presets.deleteWarningPreset(input, options),
});
