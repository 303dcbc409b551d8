// Composition root of the API gateway as its own process.
import { createServiceContext } from "@starling/runtime";
import { loadGatewayConfig } from "./config.ts";
import { startGatewayService } from "./service.ts";

const config = loadGatewayConfig();
const context = createServiceContext("gateway", { logLevel: config.LOG_LEVEL, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
context.shutdown.listen();
await startGatewayService(config, context);
