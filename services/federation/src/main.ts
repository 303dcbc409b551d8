// Composition root of the federation service as its own process.
import { createServiceContext } from "@starling/runtime";
import { loadFederationConfig } from "./config.ts";
import { startFederationService } from "./service.ts";

const config = loadFederationConfig();
const context = createServiceContext("federation", { logLevel: config.LOG_LEVEL, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
context.shutdown.listen();
await startFederationService(config, context);
