import { z } from "zod";
import type { ListWebhookDeliveriesResponse } from "@starling/proto/moderation/v1/webhooks";
import { edgeLinks, type Route } from "../http/route.ts";
import { idParam, pageParams, pageRequest } from "../http/params.ts";
import { presentWebhook, presentWebhookDelivery } from "../presenters/webhook.ts";
import { adminCrudRoutes, byId, staffAccess } from "./admin-crud-routes.ts";

// Forms send events[]=…; JSON an array; one value alone is a list of one.
const eventsParam = z.union([z.array(z.string()), z.string().transform((event) => [event])]);
const deliveries = z.object({ id: idParam, ...pageParams(40) });
const write = staffAccess("manage_webhooks", "write");

/** Admin webhooks (beyond Mastodon 4.0, which manages them in its web UI only), owned by moderation. */
export const adminWebhookRoutes: Route[] = [
  ...adminCrudRoutes({
    path: "/api/v1/admin/webhooks",
    permission: "manage_webhooks",
    client: (ctx) => ctx.clients.webhooks,
    present: presentWebhook,
    list: async (webhooks, options) => (await webhooks.listWebhooks({}, options)).webhooks,
    get: (webhooks, input, options) => webhooks.getWebhook(input, options),
    create: { input: z.object({ url: z.string().default(""), events: eventsParam.default([]) }), call: (webhooks, input, options) => webhooks.createWebhook(input, options) },
    update: { input: z.object({ id: idParam, url: z.string().optional(), events: eventsParam.default([]) }), call: (webhooks, input, options) => webhooks.updateWebhook(input, options) },
    remove: (webhooks, input, options) => webhooks.deleteWebhook(input, options),
  }),
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
  {
    method: "get",
    path: "/api/v1/admin/webhooks/:id/deliveries",
    ...staffAccess("manage_webhooks", "read"),
    input: deliveries,
    call: (ctx, input: z.infer<typeof deliveries>) => ctx.clients.webhooks.listWebhookDeliveries({ id: input.id, page: pageRequest(input) }, { viewerToken: ctx.viewerToken }),
    present: (_ctx, r: ListWebhookDeliveriesResponse) => r.deliveries.map(presentWebhookDelivery),
    links: (r: ListWebhookDeliveriesResponse) => edgeLinks(r.deliveries.map((d) => d.id)),
  },
];
