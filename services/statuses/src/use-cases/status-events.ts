import { outboxEvent, type OutboxEvent } from "@starling/events";
import { firstLink } from "@starling/text";
import type { Status } from "../domain/status.ts";


/**
 * status.created, keyed by the status id, with the mentioned accounts in mention order and, when
 * known, the root of its conversation (for conversation mutes).
 */
export function statusCreatedEvent(status: Status, reblogOf?: Pick<Status, "id" | "accountId">, conversationRootId?: string): OutboxEvent {
  return outboxEvent("statuses", "status.created", status.id, {
    statusId: status.id,
    accountId: status.accountId,
    visibility: status.visibility,
    local: status.local,
    inReplyToId: status.inReplyToId ?? undefined,
    inReplyToAccountId: status.inReplyToAccountId ?? undefined,
    mentionedAccountIds: status.mentionedAccountIds ?? [],
    createdAt: status.createdAt,
    language: status.language ?? undefined,
    // The media service fetches a preview card for it; remote statuses get theirs from federation.
    firstLinkUrl: status.local ? firstLink(status.text) : undefined,
    // A reblog names its original and the original's author for home feeds (show_reblogs, blocks).
    reblogOfId: reblogOf?.id,
    reblogOfAccountId: reblogOf?.accountId,
    conversationRootId,
    // Hashtag timelines, followed tags and hashtag streams in timelines; a reblog's own text has none.
    tags: reblogOf ? [] : (status.tags ?? []),
    hasMedia: status.mediaIds.length > 0,
  });
}

/** status.deleted, keyed by the status id. */
export function statusDeletedEvent(status: Status): OutboxEvent {
  return outboxEvent("statuses", "status.deleted", status.id, {
    statusId: status.id,
    accountId: status.accountId,
    visibility: status.visibility,
    local: status.local,
    tags: status.tags ?? [],
    hasMedia: status.mediaIds.length > 0,
  });
}

/** status.updated, keyed by the status id, after an edit at `status.editedAt`. */
export function statusUpdatedEvent(status: Status): OutboxEvent {
  return outboxEvent("statuses", "status.updated", status.id, {
    statusId: status.id,
    accountId: status.accountId,
    visibility: status.visibility,
    local: status.local,
    editedAt: status.editedAt ?? undefined,
    language: status.language ?? undefined,
    mentionedAccountIds: status.mentionedAccountIds ?? [],
    tags: status.tags ?? [],
    hasMedia: status.mediaIds.length > 0,
  });
}
