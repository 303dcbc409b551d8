// Composition root of the media service as its own process.
import { createServiceContext } from "@starling/runtime";
import { loadMediaConfig } from "./config.ts";
import { startMediaService } from "./service.ts";

const config = loadMediaConfig();
const context = createServiceContext("media", { logLevel: config.LOG_LEVEL, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
context.shutdown.listen();
await startMediaService(config, context);
