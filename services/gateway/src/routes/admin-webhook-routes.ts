import { z } from "zod";
import type { Route } from "../http/route.ts";
import { idParam } from "../http/params.ts";
import { presentWebhook } from "../presenters/webhook.ts";

const byId = z.object({ id: idParam });
// Forms send events[]=…; JSON an array; one value alone is a list of one.
const eventsParam = z.union([z.array(z.string()), z.string().transform((event) => [event])]);
const create = z.object({ url: z.string().default(""), events: eventsParam.default([]) });
const change = z.object({ id: idParam, url: z.string().optional(), events: eventsParam.default([]) });
const read = { auth: "user" as const, scopes: ["admin:read"], permission: "manage_webhooks" as const };
const write = { auth: "user" as const, scopes: ["admin:write"], permission: "manage_webhooks" as const };

/** Admin webhooks (beyond Mastodon 4.0, which manages them in its web UI only), owned by moderation. */
export const adminWebhookRoutes: Route[] = [
  { method: "get", path: "/api/v1/admin/webhooks", ...read, input: z.object({}), call: async (ctx) => (await ctx.clients.webhooks.listWebhooks({}, { viewerToken: ctx.viewerToken })).webhooks, present: (_ctx, hooks) => hooks.map(presentWebhook) },
  { method: "post", path: "/api/v1/admin/webhooks", ...write, input: create, call: (ctx, input: z.infer<typeof create>) => ctx.clients.webhooks.createWebhook(input, { viewerToken: ctx.viewerToken }), present: (_ctx, hook) => presentWebhook(hook) },
  { method: "get", path: "/api/v1/admin/webhooks/:id", ...read, input: byId, call: (ctx, input: z.infer<typeof byId>) => ctx.clients.webhooks.getWebhook(input, { viewerToken: ctx.viewerToken }), present: (_ctx, hook) => presentWebhook(hook) },
  { method: "put", path: "/api/v1/admin/webhooks/:id", ...write, input: change, call: (ctx, input: z.infer<typeof change>) => ctx.clients.webhooks.updateWebhook(input, { viewerToken: ctx.viewerToken }), present: (_ctx, hook) => presentWebhook(hook) },
  {
    method: "delete",
    path: "/api/v1/admin/webhooks/:id",
    ...write,
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.webhooks.deleteWebhook(input, { viewerToken: ctx.viewerToken }),
    present: () => ({}),
  },
  ...(["enable", "disable"] as const).map(
    (verb): Route => ({
      method: "post",
      path: `/api/v1/admin/webhooks/:id/${verb}`,
      ...write,
      input: byId,
      call: (ctx, input: z.infer<typeof byId>) => ctx.clients.webhooks.setWebhookEnabled({ id: input.id, enabled: verb === "enable" }, { viewerToken: ctx.viewerToken }),
      present: (_ctx, hook) => presentWebhook(hook),
    }),
  ),
  {
    method: "post",
    path: "/api/v1/admin/webhooks/:id/rotate_secret",
    ...write,
    input: byId,
    call: (ctx, input: z.infer<typeof byId>) => ctx.clients.webhooks.rotateWebhookSecret(input, { viewerToken: ctx.viewerToken }),
    present: (_ctx, hook) => presentWebhook(hook),
  },
];
