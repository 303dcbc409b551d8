import { EVENT_CATALOG, encodePayload, newEnvelope, type EventType, type OutboxEvent, type PayloadOf } from "@starling/events";
import type { Status } from "../domain/status.ts";

function outboxEvent<T extends EventType>(type: T, key: string, payload: PayloadOf<T>): OutboxEvent {
  return {
    topic: EVENT_CATALOG[type].topic,
    envelope: newEnvelope({ type, version: EVENT_CATALOG[type].version, source: "statuses", key, payload: encodePayload(type, payload) }),
  };
}

/** status.created, keyed by the status id; mentions arrive with issue 4. */
export function statusCreatedEvent(status: Status): OutboxEvent {
  return outboxEvent("status.created", status.id, {
    statusId: status.id,
    accountId: status.accountId,
    visibility: status.visibility,
    local: status.local,
    inReplyToId: status.inReplyToId ?? "",
    inReplyToAccountId: status.inReplyToAccountId ?? "",
    mentionedAccountIds: [],
    createdAt: status.createdAt,
    language: status.language ?? "",
  });
}

/** status.deleted, keyed by the status id. */
export function statusDeletedEvent(status: Status): OutboxEvent {
  return outboxEvent("status.deleted", status.id, { statusId: status.id, accountId: status.accountId });
}
