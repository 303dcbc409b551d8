import type { Database, Transaction } from "@starling/db";
import { statusRowsChanged } from "./status-page-cache.ts";
import type { Status } from "../domain/status.ts";
import type { PollSnapshot, StatusVersion } from "../domain/status-version.ts";
import { statusFromRow, type StatusRow } from "./status-row.ts";

/** A row of `status_edits` as pg returns it (int8 as strings, jsonb parsed). */
interface StatusEditRow {
  id: string;
  status_id: string;
  account_id: string;
  text: string;
  content: string;
  spoiler_text: string;
  sensitive: boolean;
  media_ids: (string | number)[];
  poll: { options: string[]; multiple: boolean; expires_at: string | null } | null;
  emoji_shortcodes: string[];
  created_at: Date;
}

/**
 * The live status, locked until the transaction ends, so two edits of one status run one after
 * the other and each sees the versions the other stored.
 */
export async function lockLiveStatus(db: Database, trx: Transaction, id: string): Promise<Status | undefined> {
  const [row]: StatusRow[] = await db.table("statuses", trx).where({ id }).whereNull("deleted_at").forUpdate();
  return row && statusFromRow(row);
}

/** Writes what an edit changes on the status row itself (the poll id is kept in step by the poll's own writes). */
export async function saveEditedStatus(db: Database, trx: Transaction, status: Status): Promise<void> {
  await db.table("statuses", trx).where({ id: status.id }).update({
    text: status.text,
    content: status.content,
    spoiler_text: status.spoilerText,
    sensitive: status.sensitive,
    language: status.language,
    media_ids: status.mediaIds,
    mentioned_account_ids: status.mentionedAccountIds ?? [],
    tag_names: status.tags ?? [],
    emoji_shortcodes: status.emojiShortcodes ?? [],
    edited_at: status.editedAt,
  });
  await statusRowsChanged(db, trx, [status.id]);
}

/** Whether any version of the status is stored yet (none until its first edit). */
export async function hasStatusVersions(db: Database, trx: Transaction, statusId: string): Promise<boolean> {
  const row = await db.table("status_edits", trx).where({ status_id: statusId }).first("id");
  return row !== undefined;
}

/** Stores versions of a status. */
export async function insertStatusVersions(db: Database, trx: Transaction, versions: readonly StatusVersion[]): Promise<void> {
  if (versions.length > 0) await db.table("status_edits", trx).insert(versions.map(rowFromVersion));
}

/** The stored versions of a status, oldest first (ids grow with time). */
export async function findStatusVersions(db: Database, statusId: string): Promise<StatusVersion[]> {
  const rows: StatusEditRow[] = await db.table("status_edits").where({ status_id: statusId }).orderBy("id", "asc");
  return rows.map(versionFromRow);
}

function rowFromVersion(version: StatusVersion) {
  return {
    id: version.id,
    status_id: version.statusId,
    account_id: version.accountId,
    text: version.text,
    content: version.content,
    spoiler_text: version.spoilerText,
    sensitive: version.sensitive,
    media_ids: version.mediaIds,
    poll: version.poll && JSON.stringify({ options: version.poll.options, multiple: version.poll.multiple, expires_at: version.poll.expiresAt?.toISOString() ?? null }),
    emoji_shortcodes: version.emojiShortcodes,
    created_at: version.createdAt,
  };
}

function versionFromRow(row: StatusEditRow): StatusVersion {
  return {
    id: String(row.id),
    statusId: String(row.status_id),
    accountId: String(row.account_id),
    text: row.text,
    content: row.content,
    spoilerText: row.spoiler_text,
    sensitive: row.sensitive,
    mediaIds: (row.media_ids ?? []).map(String),
    poll: row.poll && pollFromJson(row.poll),
    emojiShortcodes: row.emoji_shortcodes ?? [],
    createdAt: new Date(row.created_at),
  };
}

function pollFromJson(poll: NonNullable<StatusEditRow["poll"]>): PollSnapshot {
  return { options: poll.options, multiple: poll.multiple, expiresAt: poll.expires_at === null ? null : new Date(poll.expires_at) };
}
