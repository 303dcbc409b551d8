import { z } from "zod";
import type { Route } from "../http/route.ts";
import { boolParam } from "../http/params.ts";
import { presentInstanceSettings } from "../presenters/instance-page.ts";
import { staffAccess } from "./admin-crud-routes.ts";

// Every field optional: only those given change; "" clears a text setting.
const change = z.object({
  title: z.string().optional(),
  contact_username: z.string().optional(),
  contact_email: z.string().optional(),
  short_description: z.string().optional(),
  extended_description: z.string().optional(),
  privacy_policy: z.string().optional(),
  thumbnail_url: z.string().optional(),
  registrations_mode: z.string().optional(),
  peers_visible: boolParam.optional(),
  trends_enabled: boolParam.optional(),
  email_mx_check: boolParam.optional(),
});

/** Instance settings staff edit (beyond Mastodon 4.0, which has them in its web UI): manage_settings. */
export const adminInstanceRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/admin/instance",
    ...staffAccess("manage_settings", "read"),
    input: z.object({}),
    call: (ctx) => ctx.clients.instanceSettings.getInstanceSettings({}),
    present: (_ctx, settings) => presentInstanceSettings(settings),
  },
  {
    method: "put",
    path: "/api/v1/admin/instance",
    ...staffAccess("manage_settings", "write"),
    input: change,
    call: (ctx, input: z.infer<typeof change>) =>
      ctx.clients.instanceSettings.updateInstanceSettings(
        {
          title: input.title,
          contactUsername: input.contact_username,
          contactEmail: input.contact_email,
          shortDescription: input.short_description,
          extendedDescription: input.extended_description,
          privacyPolicy: input.privacy_policy,
          thumbnailUrl: input.thumbnail_url,
          registrationsMode: input.registrations_mode,
          peersVisible: input.peers_visible,
          trendsEnabled: input.trends_enabled,
          emailMxCheck: input.email_mx_check,
        },
        { viewerToken: ctx.viewerToken },
      ),
    present: (_ctx, settings) => presentInstanceSettings(settings),
  },
];
