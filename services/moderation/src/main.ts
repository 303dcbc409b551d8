// Composition root of the moderation service as its own process.
import { createInfraProvider } from "@starling/platform";
import { createServiceContext } from "@starling/runtime";
import { loadModerationConfig } from "./config.ts";
import { startModerationService } from "./service.ts";

const config = loadModerationConfig();
const context = createServiceContext("moderation", { logLevel: config.LOG_LEVEL, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
context.shutdown.listen();
const infra = createInfraProvider(config, { clientId: "moderation", logger: context.logger, shutdown: context.shutdown });
await startModerationService(config, context, infra);
