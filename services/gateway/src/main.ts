// Composition root of the API gateway as its own process.
import { createInfraProvider } from "@starling/platform";
import { createServiceContext } from "@starling/runtime";
import { loadGatewayConfig } from "./config.ts";
import { startGatewayService } from "./service.ts";

const config = loadGatewayConfig();
const context = createServiceContext("gateway", { logLevel: config.LOG_LEVEL, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
context.shutdown.listen();
await startGatewayService(config, context, createInfraProvider(config, { clientId: "gateway", logger: context.logger, shutdown: context.shutdown }));
