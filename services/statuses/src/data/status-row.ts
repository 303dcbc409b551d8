import type { Status, Visibility } from "../domain/status.ts";

/** A row of `statuses` as pg returns it (int8 as strings). */
export interface StatusRow {
  id: string;
  uri: string;
  url: string | null;
  account_id: string;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  text: string;
  content: string;
  spoiler_text: string;
  visibility: string;
  sensitive: boolean;
  language: string | null;
  local: boolean;
  application_name: string | null;
  application_website: string | null;
  created_at: Date;
  edited_at: Date | null;
  deleted_at: Date | null;
  replies_count: string | number;
  reblogs_count: string | number;
  favourites_count: string | number;
  /** bigint[]: pg returns the elements as strings. */
  media_ids: (string | number)[];
  /** bigint[], in mention order. */
  mentioned_account_ids?: (string | number)[];
  /** Normalized hashtag names in text order (also rows of status_tags, for lookups by tag). */
  tag_names?: string[];
  emoji_shortcodes?: string[];
  /** Set by card.created after the insert, so absent from rows being written. */
  preview_card_id?: string | number | null;
  poll_id?: string | number | null;
  /** The reblogged status of a reblog. */
  reblog_of_id?: string | number | null;
}

/** Row → domain status. */
export function statusFromRow(row: StatusRow): Status {
  return {
    id: String(row.id),
    uri: row.uri,
    url: row.url,
    accountId: String(row.account_id),
    inReplyToId: row.in_reply_to_id === null ? null : String(row.in_reply_to_id),
    inReplyToAccountId: row.in_reply_to_account_id === null ? null : String(row.in_reply_to_account_id),
    text: row.text,
    content: row.content,
    spoilerText: row.spoiler_text,
    // The check constraint keeps the column to the four names.
    visibility: row.visibility as Visibility,
    sensitive: row.sensitive,
    language: row.language,
    local: row.local,
    application: row.application_name === null ? null : { name: row.application_name, website: row.application_website || undefined },
    createdAt: new Date(row.created_at),
    editedAt: row.edited_at === null ? null : new Date(row.edited_at),
    deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at),
    repliesCount: Number(row.replies_count),
    reblogsCount: Number(row.reblogs_count),
    favouritesCount: Number(row.favourites_count),
    mediaIds: (row.media_ids ?? []).map(String),
    mentionedAccountIds: (row.mentioned_account_ids ?? []).map(String),
    tags: row.tag_names ?? [],
    emojiShortcodes: row.emoji_shortcodes ?? [],
    cardId: row.preview_card_id == null ? null : String(row.preview_card_id),
    pollId: row.poll_id == null ? null : String(row.poll_id),
    reblogOfId: row.reblog_of_id == null ? null : String(row.reblog_of_id),
  };
}

/** Domain status → row. */
export function rowFromStatus(status: Status): StatusRow {
  return {
    id: status.id,
    uri: status.uri,
    url: status.url,
    account_id: status.accountId,
    in_reply_to_id: status.inReplyToId,
    in_reply_to_account_id: status.inReplyToAccountId,
    text: status.text,
    content: status.content,
    spoiler_text: status.spoilerText,
    visibility: status.visibility,
    sensitive: status.sensitive,
    language: status.language,
    local: status.local,
    application_name: status.application?.name ?? null,
    application_website: status.application?.website || null,
    created_at: status.createdAt,
    edited_at: status.editedAt,
    deleted_at: status.deletedAt,
    replies_count: status.repliesCount,
    reblogs_count: status.reblogsCount,
    favourites_count: status.favouritesCount,
    media_ids: status.mediaIds,
    mentioned_account_ids: status.mentionedAccountIds ?? [],
    tag_names: status.tags ?? [],
    emoji_shortcodes: status.emojiShortcodes ?? [],
    poll_id: status.pollId ?? null,
    reblog_of_id: status.reblogOfId ?? null,
  };
}
