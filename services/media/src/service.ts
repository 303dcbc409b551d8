import { join } from "node:path";
import { createOutboxRelay } from "@starling/events";
import type { InfraProvider } from "@starling/platform";
import { MediaServiceDefinition } from "@starling/proto/media/v1/media";
import { createIdGenerator, serveService, startHttpServer, type ServiceContext, type ServiceEndpoints } from "@starling/runtime";
import { mediaMigrations } from "../migrations/index.ts";
import { mediaBaseUrl, type MediaConfig } from "./config.ts";
import { startPreviewCards } from "./compose-preview-cards.ts";
import { startRejectedMediaConsumer } from "./events/rejected-media-consumer.ts";
import { mediaHandlers } from "./grpc/media-handlers.ts";
import { mediaTools, type MediaTools } from "./processing/media-tools.ts";
import { fileServer } from "./http/file-server.ts";
import { localDiskStorage } from "./storage/local-disk-storage.ts";
import type { MediaStorage } from "./storage/media-storage.ts";
import type { MediaDeps } from "./use-cases/deps.ts";
import { scheduleOrphanCleanup } from "./workers/orphan-cleanup.ts";
import { createProcessingWorker } from "./workers/processing-worker.ts";

/** What to run besides the gRPC and file servers. */
export interface MediaServiceOptions {
  /** Publish outbox rows (default true). */
  relay?: boolean;
  /** Run the background processing worker and the orphan cleanup (default true); tests drive them by hand. */
  workers?: boolean;
  /** Replaces the clock (tests of the orphan cleanup). */
  now?: () => Date;
}

/** Where a started media service listens. */
export interface MediaEndpoints extends ServiceEndpoints {
  /** The port serving stored files. */
  httpPort: number;
  /** What the service was composed with, for tests that drive workers or inspect storage. */
  deps: MediaDeps;
}

/**
 * Composes the media service: its schema, storage (local disk, or an S3-compatible bucket) served over HTTP, the outbox relay
 * (media.processed), the processing worker, the orphan cleanup, and MediaService on gRPC.
 */
export async function startMediaService(config: MediaConfig, context: ServiceContext, infra: InfraProvider, options: MediaServiceOptions = {}): Promise<MediaEndpoints> {
  const db = await infra.database("media");
  const ran = await db.migrate(mediaMigrations);
  if (ran.length > 0) context.logger.info({ migrations: ran }, "migrated");
  context.readiness.add("database", () => db.ping());
  const mediaDir = config.MEDIA_DIR ?? join(config.DATA_DIR, "media");
  // The S3 client (about 17 MiB of modules) loads only when a bucket is configured.
  const storage: MediaStorage = config.S3_ENABLED
    ? (await import("./storage/s3-storage.ts")).s3Storage({
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        bucket: config.S3_BUCKET,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        prefix: config.S3_PREFIX,
      })
    : localDiskStorage(mediaDir);
  const deps: MediaDeps = {
    db,
    storage,
    newId: createIdGenerator(),
    now: options.now ?? (() => new Date()),
    nudgeRelay: () => {},
    nudgeWorker: () => {},
    // Inside the storage folder, so storing a processed file is a rename.
    workDir: join(mediaDir, "tmp"),
    limits: { imageBytes: config.MEDIA_IMAGE_LIMIT_BYTES, videoBytes: config.MEDIA_VIDEO_LIMIT_BYTES },
    remote: {
      imageBytes: config.REMOTE_MEDIA_IMAGE_LIMIT_BYTES,
      videoBytes: config.REMOTE_MEDIA_VIDEO_LIMIT_BYTES,
      timeoutMs: config.REMOTE_MEDIA_TIMEOUT_MS,
      allowPrivate: config.ALLOW_PRIVATE_ADDRESSES,
    },
    tools: mediaTools({ ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH, timeoutMs: config.MEDIA_FFMPEG_TIMEOUT_MS }),
  };
  await checkTools(deps.tools, context);
  if (options.relay !== false) {
    const bus = infra.bus();
    context.readiness.add("event bus", () => bus.ping());
    const relay = createOutboxRelay({ db, bus, logger: context.logger });
    relay.start();
    deps.nudgeRelay = () => relay.nudge();
    context.shutdown.add("workers", "media outbox relay", () => relay.stop());
  }
  if (options.workers !== false) {
    const worker = createProcessingWorker(deps, { concurrency: config.MEDIA_WORKER_CONCURRENCY, pollMs: config.MEDIA_WORKER_POLL_MS, logger: context.logger });
    worker.start();
    deps.nudgeWorker = () => worker.nudge();
    context.shutdown.add("workers", "media processing worker", () => worker.stop());
    const stopCleanup = scheduleOrphanCleanup(deps, { intervalMs: config.MEDIA_CLEANUP_INTERVAL_MS, maxAgeMs: config.MEDIA_ORPHAN_AGE_MS, logger: context.logger });
    context.shutdown.add("workers", "media orphan cleanup", stopCleanup);
    const rejectedMedia = await startRejectedMediaConsumer(infra.bus(), deps, context.logger);
    context.shutdown.add("workers", "rejected media consumer", () => rejectedMedia.stop());
  }
  const baseUrl = mediaBaseUrl(config);
  const serveFile = fileServer(storage, new URL(baseUrl).pathname);
  const httpPort = await startHttpServer(context, { name: "media file server", host: config.HTTP_HOST, port: config.HTTP_PORT }, (req, res) => {
    serveFile(req, res).catch((error: unknown) => {
      context.logger.error({ err: error }, "media file server failed");
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: "internal error" }));
      else res.destroy();
    });
  });
  const previewCards = await startPreviewCards(config, context, infra, deps, baseUrl);
  const endpoints = await serveService(context, config, [{ definition: MediaServiceDefinition, handlers: mediaHandlers(deps, baseUrl) }, previewCards]);
  return { ...endpoints, httpPort, deps };
}

const WITHOUT_TOOLS = "audio, video and animated GIF uploads are refused until ffmpeg is installed (Debian package ffmpeg) or FFMPEG_PATH/FFPROBE_PATH point at it";

/**
 * Missing ffmpeg/ffprobe: a warning at start and on /readyz, not unreadiness, since images and
 * everything else still work (as a Mastodon server without ffmpeg still serves images).
 */
async function checkTools(tools: MediaTools, context: ServiceContext): Promise<void> {
  const check = async () => {
    const missing = await tools.missing();
    if (missing.length) throw new Error(`${missing.join(" and ")} not found: ${WITHOUT_TOOLS}`);
  };
  await check().catch((error: Error) => context.logger.warn(error.message));
  context.readiness.add("ffmpeg", check, { advisory: true });
}
