import { z } from "zod";
import type { PushSubscription } from "@starling/proto/accounts/v1/push";
import type { Route } from "../http/route.ts";

// Mastodon casts each alert as Rails casts a boolean: these are false, so is an empty value, and
// anything else given is true.
const FALSE_VALUES = new Set(["0", "f", "F", "false", "FALSE", "off", "OFF", ""]);
const alertValue = z.union([z.boolean(), z.number(), z.string()]).transform((v) => (typeof v === "boolean" ? v : typeof v === "number" ? v !== 0 : !FALSE_VALUES.has(v)));

const data = z
  .object({
    alerts: z.record(z.string(), alertValue).default({}),
    policy: z.string().optional(),
  })
  .default({ alerts: {} });

const create = z.object({
  subscription: z.object({
    endpoint: z.string().min(1, "can't be blank"),
    keys: z.object({ p256dh: z.string().min(1, "can't be blank"), auth: z.string().min(1, "can't be blank") }),
  }),
  data,
});

const update = z.object({ data });

/** The WebPushSubscription entity. */
const present = (_ctx: unknown, s: PushSubscription) => ({ id: s.id, endpoint: s.endpoint, alerts: s.alerts, server_key: s.serverKey, policy: s.policy });

const push = { auth: "user" as const, scopes: ["push"] };

/** The Web Push subscription of the caller's token (reference §1.17): one per token, as Mastodon keeps them. */
export const pushRoutes: Route[] = [
  {
    method: "post",
    path: "/api/v1/push/subscription",
    ...push,
    input: create,
    call: (ctx, input: z.infer<typeof create>) =>
      ctx.clients.push.createPushSubscription(
        { accessToken: ctx.accessToken ?? "", endpoint: input.subscription.endpoint, p256dh: input.subscription.keys.p256dh, auth: input.subscription.keys.auth, alerts: input.data.alerts, policy: input.data.policy },
        { viewerToken: ctx.viewerToken },
      ),
    present,
  },
  { method: "get", path: "/api/v1/push/subscription", ...push, input: z.object({}), call: (ctx) => ctx.clients.push.getPushSubscription({}, { viewerToken: ctx.viewerToken }), present },
  {
    method: "put",
    path: "/api/v1/push/subscription",
    ...push,
    input: update,
    call: (ctx, input: z.infer<typeof update>) => ctx.clients.push.updatePushSubscription({ alerts: input.data.alerts, policy: input.data.policy }, { viewerToken: ctx.viewerToken }),
    present,
  },
  { method: "delete", path: "/api/v1/push/subscription", ...push, input: z.object({}), call: (ctx) => ctx.clients.push.deletePushSubscription({}, { viewerToken: ctx.viewerToken }), present: () => ({}) },
];
