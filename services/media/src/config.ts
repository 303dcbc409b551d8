import { z } from "zod";
import { infraEnv } from "@starling/platform";
import { localDomainEnv, parseConfig, port, publicBaseUrl, serverEnv } from "@starling/runtime";

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
  /** Public base URL of stored files; default the instance base URL + /system. Its path is where the HTTP port serves them. */
  MEDIA_BASE_URL: z.string().url().optional(),
  /** Largest image upload in bytes (Mastodon: 10 MB). */
  MEDIA_IMAGE_LIMIT_BYTES: positiveInt(10 * 1024 * 1024),
  /** Largest video or audio upload in bytes (Mastodon: 40 MB). */
  MEDIA_VIDEO_LIMIT_BYTES: positiveInt(40 * 1024 * 1024),
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
});

export type MediaConfig = z.infer<typeof mediaEnv>;

/** Reads and validates the environment once at start-up. */
export const loadMediaConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(mediaEnv, env);

/** The public base URL of stored files, without a trailing slash. */
export const mediaBaseUrl = (config: MediaConfig): string => (config.MEDIA_BASE_URL ?? `${publicBaseUrl(config)}/system`).replace(/\/+$/, "");
