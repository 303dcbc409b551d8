import type { Notification as NotificationMessage, NotificationsServiceServer } from "@starling/proto/timelines/v1/notifications";
import { invalidArgument, type AsyncHandlers } from "@starling/runtime";
import { isId } from "@starling/paging";
import type { Notification } from "../domain/notification.ts";
import type { FeedDeps } from "../use-cases/feed-deps.ts";
import { viewerAccount } from "./viewer-account.ts";
import { clearNotifications, dismissNotification, getNotification, listNotifications } from "../use-cases/read-notifications.ts";

const toMessage = (n: Notification): NotificationMessage => ({
  id: n.id,
  type: n.type,
  createdAt: n.createdAt,
  fromAccountId: n.fromAccountId,
  statusId: n.statusId ?? undefined,
  reportId: n.reportId ?? undefined,
});

function idOf(id: string): string {
  if (!isId(id)) throw invalidArgument("id must be an id");
  return id;
}

/** gRPC handlers of NotificationsService: always the viewer's own notifications. */
export function notificationsHandlers(deps: FeedDeps): AsyncHandlers<NotificationsServiceServer> {
  return {
    async listNotifications(request, ctx) {
      const filter = { types: request.types, excludeTypes: request.excludeTypes, fromAccountId: request.accountId && idOf(request.accountId) };
      return { notifications: (await listNotifications(deps, viewerAccount(ctx), filter, request.page)).map(toMessage) };
    },
    async getNotification(request, ctx) {
      return { notification: toMessage(await getNotification(deps, viewerAccount(ctx), idOf(request.id))) };
    },
    async clearNotifications(_request, ctx) {
      await clearNotifications(deps, viewerAccount(ctx));
      return {};
    },
    async dismissNotification(request, ctx) {
      await dismissNotification(deps, viewerAccount(ctx), idOf(request.id));
      return {};
    },
  };
}
