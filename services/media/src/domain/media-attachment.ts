// What the media service knows about one upload, independent of storage and transport.

/** Mastodon's attachment types; "unknown" is only ever seen on remote media. */
export type MediaType = "image" | "gifv" | "video" | "audio" | "unknown";

/** pending: stored, not processed yet; done: processed; failed: processing gave up. */
export type ProcessingState = "pending" | "done" | "failed";

/** Focal point of an image, each coordinate in -1.0..1.0. */
export interface Focus {
  x: number;
  y: number;
}

/** Dimensions and timing of one stored file; which fields exist depends on the type. */
export interface FileMeta {
  width?: number;
  height?: number;
  /** "WxH". */
  size?: string;
  aspect?: number;
  frameRate?: string;
  /** Seconds. */
  duration?: number;
  /** Bits per second. */
  bitrate?: number;
}

/** Meta of the processed file and of its preview. */
export interface MediaFilesMeta {
  original?: FileMeta;
  small?: FileMeta;
}

/** One media attachment as stored. Keys are storage keys, not URLs. */
export interface MediaRecord {
  id: string;
  accountId: string;
  statusId: string | null;
  type: MediaType;
  processing: ProcessingState;
  description: string | null;
  focus: Focus | null;
  /** The uploaded file as received, waiting for processing (private; removed once processed). */
  uploadKey: string | null;
  /** The detected content type of the upload. */
  uploadContentType: string;
  fileKey: string | null;
  smallKey: string | null;
  /** A thumbnail the uploader supplied, processed already. */
  thumbnailKey: string | null;
  /** Blurhash of the supplied thumbnail; wins over the one computed from the file. */
  thumbnailBlurhash: string | null;
  thumbnailMeta: FileMeta | null;
  meta: MediaFilesMeta;
  blurhash: string | null;
  remoteUrl: string | null;
  previewRemoteUrl: string | null;
  createdAt: Date;
}

/** Every storage key a record holds, for deleting its files. */
export function storedKeys(record: Pick<MediaRecord, "uploadKey" | "fileKey" | "smallKey" | "thumbnailKey">): string[] {
  return [record.uploadKey, record.fileKey, record.smallKey, record.thumbnailKey].filter((k): k is string => k !== null);
}

/** "WxH" and aspect of a width and height, as Mastodon's meta shows them. */
export function dimensionsMeta(width: number, height: number): FileMeta {
  return { width, height, size: `${width}x${height}`, aspect: height > 0 ? width / height : 0 };
}
