import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { flag, localDomainEnv, parseConfig, port, publicBaseUrl, serverEnv } from "@starling/runtime";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Environment of the media service. */
export const mediaEnv = z.object({
  ...serverEnv,
  ...infraEnv,
  ...localDomainEnv,
  /** gRPC port of MediaService (and health). */
  GRPC_PORT: port(50055),
  /** Admin HTTP port: /livez, /readyz, /metrics. */
  ADMIN_PORT: port(9105),
  /** HTTP port serving the stored files (the gateway proxies /system/* here; a CDN may front it). */
  HTTP_PORT: port(3002),
  /** Address the file HTTP port binds to; 0.0.0.0 in containers. */
  HTTP_HOST: z.string().default("127.0.0.1"),
  /** Folder of the local-disk storage; default DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  /** Store files in an S3-compatible bucket instead of MEDIA_DIR (Mastodon's S3_ENABLED). */
  S3_ENABLED: flag(false),
  /** Endpoint of the S3-compatible server (MinIO, Versity, Garage…); unset means AWS S3 itself. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Bucket holding the files; required when S3_ENABLED. */
  S3_BUCKET: z.string().default(""),
  /** Region the bucket's requests are signed for. */
  S3_REGION: z.string().default("us-east-1"),
  /** Access key id and secret of the bucket's credentials. */
  S3_ACCESS_KEY_ID: z.string().default(""),
  S3_SECRET_ACCESS_KEY: z.string().default(""),
  /** Bucket in the URL path rather than the host name (most self-hosted servers need it). */
  S3_FORCE_PATH_STYLE: flag(true),
  /** Prefix on every object key, so several instances can share one bucket. */
  S3_PREFIX: z.string().default(""),
  /** Public base URL of stored files; default the instance base URL + /system. Its path is where the HTTP port serves them. */
  MEDIA_BASE_URL: z.string().url().optional(),
  /** Largest image upload in bytes (Mastodon: 10 MB). */
  MEDIA_IMAGE_LIMIT_BYTES: positiveInt(10 * 1024 * 1024),
  /** Largest video or audio upload in bytes (Mastodon: 40 MB). */
  MEDIA_VIDEO_LIMIT_BYTES: positiveInt(40 * 1024 * 1024),
  /**
   * ffmpeg and ffprobe (Debian package ffmpeg), for audio, video and animated GIF uploads: a path, or a
   * name looked up on PATH. Without them the service still starts and serves images, warns in its log
   * and on /readyz, and refuses those uploads with a 422 naming what is missing.
   */
  FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
  FFPROBE_PATH: z.string().min(1).default("ffprobe"),
  /** Longest one ffmpeg/ffprobe run may take before it is killed, in milliseconds. */
  MEDIA_FFMPEG_TIMEOUT_MS: positiveInt(5 * 60_000),
  /** How often the processing worker looks for pending uploads when nothing nudged it, in milliseconds. */
  MEDIA_WORKER_POLL_MS: positiveInt(5_000),
  /** Uploads processed at the same time by this replica. */
  MEDIA_WORKER_CONCURRENCY: positiveInt(2),
  /** How often the orphan cleanup runs, in milliseconds (Mastodon's MediaCleanupScheduler: daily-ish). */
  MEDIA_CLEANUP_INTERVAL_MS: positiveInt(60 * 60_000),
  /** Age after which uploads never attached to a status are deleted, in milliseconds (Mastodon: 1 day). */
  MEDIA_ORPHAN_AGE_MS: positiveInt(24 * 60 * 60_000),
  /** Largest remote image downloaded into the cache, in bytes (Mastodon: 16 MB); a larger one stays a remote link. */
  REMOTE_MEDIA_IMAGE_LIMIT_BYTES: positiveInt(16 * 1024 * 1024),
  /** Largest remote video or audio downloaded into the cache, in bytes (Mastodon: 99 MB). */
  REMOTE_MEDIA_VIDEO_LIMIT_BYTES: positiveInt(99 * 1024 * 1024),
  /** Deadline of one remote media download, redirects included, in milliseconds. */
  REMOTE_MEDIA_TIMEOUT_MS: positiveInt(60_000),
  /** Fetch preview-card pages and remote media on loopback and private addresses too; for tests on 127.0.0.1 only, never in production. */
  ALLOW_PRIVATE_ADDRESSES: flag(false),
  /** Deadline of each preview-card fetch (page, oEmbed, image), redirects included, in milliseconds. */
  PREVIEW_CARD_TIMEOUT_MS: positiveInt(10_000),
  /** How long a link whose preview-card fetch failed is not fetched again, in milliseconds. */
  PREVIEW_CARD_RETRY_AFTER_MS: positiveInt(60 * 60_000),
});

export type MediaConfig = z.infer<typeof mediaEnv>;

// Fail at start, not at the first upload, when S3 is switched on without a bucket or credentials.
export const checkedMediaEnv = mediaEnv.refine((c) => !c.S3_ENABLED || (c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY), {
  message: "S3_ENABLED needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
});

/** Reads and validates the environment once at start-up. */
export const loadMediaConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(checkedMediaEnv, env);

/** The public base URL of stored files, without a trailing slash. */
export const mediaBaseUrl = (config: MediaConfig): string => (config.MEDIA_BASE_URL ?? `${publicBaseUrl(config)}/system`).replace(/\/+$/, "");
