import { z } from "zod";
import type { UsageStats } from "@starling/proto/common/v1/page";
import type { GetRegistrationSettingsResponse } from "@starling/proto/accounts/v1/registration";
import type { Rule } from "@starling/proto/moderation/v1/rules";
import type { Route, RouteContext } from "../http/route.ts";
import { presentInstanceV1, presentInstanceV2 } from "../presenters/instance.ts";

/** Usage counts and the registration mode, gathered from the services that own them, in parallel. */
async function usage(ctx: RouteContext): Promise<{ stats: UsageStats; registrations: GetRegistrationSettingsResponse; translationEnabled: boolean; rules: Rule[] }> {
  const [accounts, statuses, registrations, translation, rules] = await Promise.all([
    ctx.clients.accounts.getUsageStats({}),
    ctx.clients.statuses.getUsageStats({}),
    ctx.clients.registration.getRegistrationSettings({}),
    ctx.clients.translation.getTranslationSettings({}),
    ctx.clients.rules.listRules({ ids: [] }),
  ]);
  return { stats: { ...accounts.stats!, localPosts: statuses.stats?.localPosts ?? "0" } as UsageStats, registrations, translationEnabled: translation.enabled, rules: rules.rules };
}

// Public and cacheable for three minutes, as Mastodon serves them.
const cacheControl = "public, max-age=180";

/** Instance description routes (reference §1.19). */
export const instanceRoutes: Route[] = [
  { method: "get", path: "/api/v1/instance", auth: "none", cacheControl, input: z.object({}), call: usage, present: (ctx, r) => presentInstanceV1(ctx.config, ctx.baseUrl, r.stats, r.registrations, r.rules) },
  {
    method: "get",
    path: "/api/v2/instance",
    auth: "none",
    cacheControl,
    input: z.object({}),
    call: async (ctx) => {
      const [described, vapid] = await Promise.all([usage(ctx), ctx.clients.push.getVapidKey({})]);
      return { ...described, vapidKey: vapid.publicKey };
    },
    present: (ctx, r) => presentInstanceV2(ctx.config, ctx.baseUrl, r.stats, r.registrations, r.translationEnabled, r.vapidKey, r.rules),
  },
];
