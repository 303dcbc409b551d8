import type { Status as StatusMessage } from "@starling/proto/statuses/v1/statuses";
import type { Status } from "../domain/status.ts";

/** Domain status → proto message; null becomes the proto default, which the gateway turns back into null. */
export function statusToProto(status: Status): StatusMessage {
  return {
    id: status.id,
    uri: status.uri,
    url: status.url ?? "",
    accountId: status.accountId,
    inReplyToId: status.inReplyToId ?? "",
    inReplyToAccountId: status.inReplyToAccountId ?? "",
    content: status.content,
    text: status.text,
    spoilerText: status.spoilerText,
    visibility: status.visibility,
    sensitive: status.sensitive,
    language: status.language ?? "",
    createdAt: status.createdAt,
    editedAt: status.editedAt ?? undefined,
    repliesCount: String(status.repliesCount),
    reblogsCount: String(status.reblogsCount),
    favouritesCount: String(status.favouritesCount),
    application: status.application ?? undefined,
    local: status.local,
    mediaIds: status.mediaIds,
    mentionedAccountIds: status.mentionedAccountIds ?? [],
    tags: status.tags ?? [],
    emojiShortcodes: status.emojiShortcodes ?? [],
    cardId: status.cardId ?? "",
    pollId: status.pollId ?? "",
    reblogOfId: status.reblogOfId ?? "",
  };
}
