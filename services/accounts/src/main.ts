// Composition root of the accounts service as its own process.
import { createInfraProvider } from "@starling/platform";
import { createServiceContext } from "@starling/runtime";
import { loadAccountsConfig } from "./config.ts";
import { startAccountsService } from "./service.ts";

const config = loadAccountsConfig();
const context = createServiceContext("accounts", { logLevel: config.LOG_LEVEL, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS });
const infra = createInfraProvider(config, { clientId: "accounts", logger: context.logger, shutdown: context.shutdown });
context.shutdown.listen();
await startAccountsService(config, context, infra);
