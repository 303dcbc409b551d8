import type { FileMeta, MediaRecord, MediaType, ProcessingState } from "../domain/media-attachment.ts";

/** A media_attachments row as the driver returns it. */
export interface MediaRow {
  id: string;
  account_id: string;
  status_id: string | null;
  type: string;
  processing: string;
  description: string | null;
  focus_x: number | null;
  focus_y: number | null;
  upload_key: string | null;
  upload_content_type: string;
  file_key: string | null;
  small_key: string | null;
  thumbnail_key: string | null;
  thumbnail_blurhash: string | null;
  thumbnail_meta: string | null;
  meta: string;
  blurhash: string | null;
  remote_url: string | null;
  preview_remote_url: string | null;
  attempts: number;
  created_at: Date;
}

/** Row → record. */
export function toRecord(row: MediaRow): MediaRecord {
  return {
    id: String(row.id),
    accountId: String(row.account_id),
    statusId: row.status_id === null ? null : String(row.status_id),
    type: row.type as MediaType,
    processing: row.processing as ProcessingState,
    description: row.description,
    focus: row.focus_x === null || row.focus_y === null ? null : { x: Number(row.focus_x), y: Number(row.focus_y) },
    uploadKey: row.upload_key,
    uploadContentType: row.upload_content_type,
    fileKey: row.file_key,
    smallKey: row.small_key,
    thumbnailKey: row.thumbnail_key,
    thumbnailBlurhash: row.thumbnail_blurhash,
    thumbnailMeta: row.thumbnail_meta === null ? null : (JSON.parse(row.thumbnail_meta) as FileMeta),
    meta: JSON.parse(row.meta) as MediaRecord["meta"],
    blurhash: row.blurhash,
    remoteUrl: row.remote_url,
    previewRemoteUrl: row.preview_remote_url,
    createdAt: new Date(row.created_at),
  };
}

/** Record → the columns it sets (all but attempts and the lease). */
export function toColumns(record: MediaRecord): Omit<MediaRow, "attempts"> & { updated_at: Date } {
  return {
    id: record.id,
    account_id: record.accountId,
    status_id: record.statusId,
    type: record.type,
    processing: record.processing,
    description: record.description,
    focus_x: record.focus?.x ?? null,
    focus_y: record.focus?.y ?? null,
    upload_key: record.uploadKey,
    upload_content_type: record.uploadContentType,
    file_key: record.fileKey,
    small_key: record.smallKey,
    thumbnail_key: record.thumbnailKey,
    thumbnail_blurhash: record.thumbnailBlurhash,
    thumbnail_meta: record.thumbnailMeta === null ? null : JSON.stringify(record.thumbnailMeta),
    meta: JSON.stringify(record.meta),
    blurhash: record.blurhash,
    remote_url: record.remoteUrl,
    preview_remote_url: record.previewRemoteUrl,
    created_at: record.createdAt,
    updated_at: new Date(),
  };
}
