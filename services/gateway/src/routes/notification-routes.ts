import { z } from "zod";
import type { ListNotificationsResponse } from "@starling/proto/timelines/v1/notifications";
import { edgeLinks, type Route, type RouteContext } from "../http/route.ts";
import { HttpError } from "../http/grpc-to-http.ts";
import { idParam, pageParams, pageRequest } from "../http/params.ts";
import { presentNotifications } from "../presenters/notification.ts";

/** A list of names as `types[]=a&types[]=b` (an array) or, from some clients, one value. */
const nameList = z.union([z.array(z.string()), z.string().transform((name) => [name])]).default([]);

const list = z.object({ ...pageParams(15), types: nameList, exclude_types: nameList, account_id: idParam.optional() });
const one = z.object({ id: idParam });
const none = z.object({});

const read = ["read", "read:notifications"];
const write = ["write", "write:notifications"];

/** Notifications (reference §1.7); the timelines service stores them, statuses render through GetStatusPage. */
export const notificationRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/notifications",
    auth: "user",
    scopes: read,
    input: list,
    call: (ctx, input: z.infer<typeof list>) =>
      ctx.clients.notifications.listNotifications(
        { page: pageRequest(input), types: input.types, excludeTypes: input.exclude_types, accountId: input.account_id },
        { viewerToken: ctx.viewerToken },
      ),
    present: (ctx, r: ListNotificationsResponse) => presentNotifications(ctx, r.notifications),
    // Both links whenever the page is not empty (reference §6.1), from the stored ids, so notifications
    // hidden while rendering never break paging.
    links: (r: ListNotificationsResponse) => edgeLinks(r.notifications.map((n) => n.id)),
  },
  {
    method: "get",
    path: "/api/v1/notifications/:id",
    auth: "user",
    scopes: read,
    input: one,
    call: async (ctx, input: z.infer<typeof one>) => (await ctx.clients.notifications.getNotification({ id: input.id }, { viewerToken: ctx.viewerToken })).notification!,
    present: async (ctx: RouteContext, notification) => {
      const [rendered] = await presentNotifications(ctx, [notification]);
      if (!rendered) throw new HttpError(404, "Record not found");
      return rendered;
    },
  },
  {
    method: "post",
    path: "/api/v1/notifications/clear",
    auth: "user",
    scopes: write,
    input: none,
    call: (ctx) => ctx.clients.notifications.clearNotifications({}, { viewerToken: ctx.viewerToken }),
    present: () => ({}),
  },
  {
    method: "post",
    path: "/api/v1/notifications/:id/dismiss",
    auth: "user",
    scopes: write,
    input: one,
    call: (ctx, input: z.infer<typeof one>) => ctx.clients.notifications.dismissNotification({ id: input.id }, { viewerToken: ctx.viewerToken }),
    present: () => ({}),
  },
];
