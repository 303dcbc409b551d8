// Composition root of the timelines service as its own process.
import { createInfraProvider } from "@starling/platform";
import { createServiceContext } from "@starling/runtime";
import { loadTimelinesConfig } from "./config.ts";
import { startTimelinesService } from "./service.ts";

const config = loadTimelinesConfig();
const context = createServiceContext("timelines", { logLevel: config.LOG_LEVEL, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
context.shutdown.listen();
const infra = createInfraProvider(config, { clientId: "timelines", logger: context.logger, shutdown: context.shutdown });
await startTimelinesService(config, context, infra);
