// Composition root of the trends service as its own process.
import { createInfraProvider } from "@starling/platform";
import { createServiceContext } from "@starling/runtime";
import { loadTrendsConfig } from "./config.ts";
import { startTrendsService } from "./service.ts";

const config = loadTrendsConfig();
const context = createServiceContext("trends", { logLevel: config.LOG_LEVEL, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
context.shutdown.listen();
const infra = createInfraProvider(config, { clientId: "trends", logger: context.logger, shutdown: context.shutdown });
await startTrendsService(config, context, infra);
