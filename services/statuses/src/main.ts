// Composition root of the statuses service as its own process.
import { createInfraProvider } from "@starling/platform";
import { createServiceContext } from "@starling/runtime";
import { loadStatusesConfig } from "./config.ts";
import { startStatusesService } from "./service.ts";

const config = loadStatusesConfig();
const context = createServiceContext("statuses", { logLevel: config.LOG_LEVEL, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
context.shutdown.listen();
const infra = createInfraProvider(config, { clientId: "statuses", logger: context.logger, shutdown: context.shutdown });
await startStatusesService(config, context, infra);
