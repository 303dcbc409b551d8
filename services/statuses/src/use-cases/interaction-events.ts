import { outboxEvent, type OutboxEvent } from "@starling/events";
import type { Status } from "../domain/status.ts";
import type { InteractionRecord } from "../data/interaction-records-queries.ts";

// Interaction events are keyed by the status interacted with, so they stay in order with that
// status's own created/deleted events.

/** reblog.created for `reblog` of `original`. */
export function reblogCreatedEvent(reblog: Status, original: Status): OutboxEvent {
  return outboxEvent("statuses", "reblog.created", original.id, {
    reblogId: reblog.id,
    accountId: reblog.accountId,
    statusId: original.id,
    statusAccountId: original.accountId,
    visibility: reblog.visibility,
    createdAt: reblog.createdAt,
  });
}

/** reblog.deleted for `reblog`, whose original was written by `originalAccountId`. */
export function reblogDeletedEvent(reblog: Status, originalAccountId: string): OutboxEvent {
  const statusId = reblog.reblogOfId ?? "";
  return outboxEvent("statuses", "reblog.deleted", statusId, { reblogId: reblog.id, accountId: reblog.accountId, statusId, statusAccountId: originalAccountId });
}

/** favourite.created or favourite.deleted for a favourite of `status`. */
export function favouriteEvent(type: "favourite.created" | "favourite.deleted", favourite: InteractionRecord, status: Status, at: Date): OutboxEvent {
  const payload = { favouriteId: favourite.id, accountId: favourite.accountId, statusId: status.id, statusAccountId: status.accountId };
  return type === "favourite.created" ? outboxEvent("statuses", type, status.id, { ...payload, createdAt: at }) : outboxEvent("statuses", type, status.id, payload);
}

/** bookmark.created or bookmark.removed for a bookmark of `status`. */
export function bookmarkEvent(type: "bookmark.created" | "bookmark.removed", bookmark: InteractionRecord, status: Status): OutboxEvent {
  return outboxEvent("statuses", type, status.id, { accountId: bookmark.accountId, statusId: status.id, statusAccountId: status.accountId });
}

/** status.pinned or status.unpinned. */
export function pinEvent(type: "status.pinned" | "status.unpinned", status: Status): OutboxEvent {
  return outboxEvent("statuses", type, status.id, { statusId: status.id, accountId: status.accountId });
}
