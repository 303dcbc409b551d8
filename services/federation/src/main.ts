// Composition root of the federation service as its own process.
import { createInfraProvider } from "@starling/platform";
import { createServiceContext } from "@starling/runtime";
import { loadFederationConfig } from "./config.ts";
import { startFederationService } from "./service.ts";

const config = loadFederationConfig();
const context = createServiceContext("federation", { logLevel: config.LOG_LEVEL, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
context.shutdown.listen();
const infra = createInfraProvider(config, { clientId: "federation", logger: context.logger, shutdown: context.shutdown });
await startFederationService(config, context, infra);
