import { z } from "zod";
import type { Account } from "@starling/proto/accounts/v1/accounts";
import type { UsageStats } from "@starling/proto/common/v1/page";
import type { GetRegistrationSettingsResponse } from "@starling/proto/accounts/v1/registration";
import type { InstanceSettings } from "@starling/proto/moderation/v1/instance_settings";
import type { Rule } from "@starling/proto/moderation/v1/rules";
import type { Route, RouteContext } from "../http/route.ts";
import { presentInstanceV1, presentInstanceV2, type InstanceFacts } from "../presenters/instance.ts";
import { presentInstancePage } from "../presenters/instance-page.ts";

/** The contact account staff named, when it exists (an unknown name shows none, as Mastodon). */
async function contactAccount(ctx: RouteContext, username: string | undefined): Promise<Account | undefined> {
  if (!username) return undefined;
  return (await ctx.clients.profiles.lookupAccount({ acct: username }).catch(() => undefined))?.account;
}

/** Usage counts, the registration mode, rules and instance settings, gathered from the services that own them, in parallel. */
async function usage(ctx: RouteContext): Promise<InstanceFacts & { translationEnabled: boolean }> {
  const [accounts, statuses, registrations, translation, rules, settings] = await Promise.all([
    ctx.clients.accounts.getUsageStats({}),
    ctx.clients.statuses.getUsageStats({}),
    ctx.clients.registration.getRegistrationSettings({}),
    ctx.clients.translation.getTranslationSettings({}),
    ctx.clients.rules.listRules({ ids: [] }),
    ctx.clients.instanceSettings.getInstanceSettings({}),
  ]);
  const stats = { ...accounts.stats!, localPosts: statuses.stats?.localPosts ?? "0" } as UsageStats;
  return { stats, registrations: registrations as GetRegistrationSettingsResponse, translationEnabled: translation.enabled, rules: rules.rules as Rule[], settings: settings as InstanceSettings, contact: await contactAccount(ctx, settings.contactUsername) };
}

// Public and cacheable for three minutes, as Mastodon serves them.
const cacheControl = "public, max-age=180";

/** A page of the instance's own (privacy policy, extended description), rendered from staff's Markdown. */
const pageRoute = (path: string, page: (settings: InstanceSettings) => [string | undefined, Date | undefined]): Route => ({
  method: "get",
  path,
  auth: "none",
  cacheControl,
  input: z.object({}),
  call: (ctx) => ctx.clients.instanceSettings.getInstanceSettings({}),
  present: (_ctx, settings: InstanceSettings) => presentInstancePage(...page(settings)),
});

/** Instance description routes (reference §1.19). */
export const instanceRoutes: Route[] = [
  { method: "get", path: "/api/v1/instance", auth: "none", cacheControl, input: z.object({}), call: usage, present: (ctx, r) => presentInstanceV1(ctx.config, ctx.baseUrl, r) },
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
    present: (ctx, r) => presentInstanceV2(ctx.config, ctx.baseUrl, r, r.translationEnabled, r.vapidKey),
  },
  pageRoute("/api/v1/instance/privacy_policy", (s) => [s.privacyPolicy, s.privacyPolicyUpdatedAt]),
  pageRoute("/api/v1/instance/extended_description", (s) => [s.extendedDescription, s.extendedDescriptionUpdatedAt]),
];
