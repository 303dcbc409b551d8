import type { MediaAttachment, MediaFileMeta } from "@starling/proto/media/v1/media";
import type { FileMeta, MediaRecord } from "../domain/media-attachment.ts";

const fileMetaToProto = (meta: FileMeta): MediaFileMeta => ({
  width: meta.width,
  height: meta.height,
  size: meta.size,
  aspect: meta.aspect,
  frameRate: meta.frameRate,
  duration: meta.duration,
  bitrate: meta.bitrate === undefined ? undefined : Math.round(meta.bitrate),
});

/**
 * Record → proto, turning storage keys into public URLs under `baseUrl`. A supplied thumbnail is the
 * preview (its size and blurhash too); otherwise the generated small image, if any. Remote media
 * shows its cached copy when there is one, else the remote server's file, an image being its own
 * preview.
 */
export function mediaToProto(record: MediaRecord, baseUrl: string): MediaAttachment {
  const url = (key: string | null) => (key ? `${baseUrl}/${key}` : undefined);
  const small = record.thumbnailMeta ?? record.meta.small;
  const remoteImage = record.type === "image" ? record.remoteUrl : null;
  return {
    id: record.id,
    type: record.type,
    url: record.processing === "done" ? (url(record.fileKey) ?? record.remoteUrl ?? undefined) : undefined,
    previewUrl: url(record.thumbnailKey ?? record.smallKey) ?? record.previewRemoteUrl ?? remoteImage ?? undefined,
    remoteUrl: record.remoteUrl ?? undefined,
    previewRemoteUrl: record.previewRemoteUrl ?? undefined,
    description: record.description ?? undefined,
    blurhash: record.thumbnailBlurhash ?? record.blurhash ?? undefined,
    meta: {
      original: record.meta.original && fileMetaToProto(record.meta.original),
      small: small && fileMetaToProto(small),
      focus: record.focus ?? undefined,
    },
    processing: record.processing,
    statusId: record.statusId ?? undefined,
    accountId: record.accountId,
    createdAt: record.createdAt,
  };
}
