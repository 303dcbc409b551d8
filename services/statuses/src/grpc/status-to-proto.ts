import type { Status as StatusMessage } from "@starling/proto/statuses/v1/statuses";
import type { Status } from "../domain/status.ts";

/** Domain status → proto message; null stays absent. */
export function statusToProto(status: Status): StatusMessage {
  return {
    id: status.id,
    uri: status.uri,
    url: status.url ?? undefined,
    accountId: status.accountId,
    inReplyToId: status.inReplyToId ?? undefined,
    inReplyToAccountId: status.inReplyToAccountId ?? undefined,
    content: status.content,
    text: status.text,
    spoilerText: status.spoilerText,
    visibility: status.visibility,
    sensitive: status.sensitive,
    language: status.language ?? undefined,
    createdAt: status.createdAt,
    editedAt: status.editedAt ?? undefined,
    repliesCount: status.repliesCount,
    reblogsCount: status.reblogsCount,
    favouritesCount: status.favouritesCount,
    application: status.application ? { name: status.application.name, website: status.application.website } : undefined,
    local: status.local,
    mediaIds: status.mediaIds,
    mentionedAccountIds: status.mentionedAccountIds ?? [],
    tags: status.tags ?? [],
    emojiShortcodes: status.emojiShortcodes ?? [],
    filtered: [],
    cardId: status.cardId ?? undefined,
    pollId: status.pollId ?? undefined,
    reblogOfId: status.reblogOfId ?? undefined,
  };
}
