// Composition root of the media service as its own process.
import { createInfraProvider } from "@starling/platform";
import { createServiceContext } from "@starling/runtime";
import { loadMediaConfig } from "./config.ts";
import { startMediaService } from "./service.ts";

const config = loadMediaConfig();
const context = createServiceContext("media", { logLevel: config.LOG_LEVEL, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
context.shutdown.listen();
const infra = createInfraProvider(config, { clientId: "media", logger: context.logger, shutdown: context.shutdown });
await startMediaService(config, context, infra);
