import type { Registry } from "prom-client";
import { startAdminServer } from "./admin-server.ts";
import { startGrpcServer, type ServedService } from "./grpc-server.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMetrics } from "./metrics.ts";
import { Readiness } from "./readiness.ts";
import { Shutdown } from "./shutdown.ts";

/** What every service is composed with: its logger, shutdown sequence, readiness and metrics. */
export interface ServiceContext {
  readonly name: string;
  readonly logger: Logger;
  readonly shutdown: Shutdown;
  readonly readiness: Readiness;
  readonly registry: Registry;
}

/** Builds a service's context. The embedded launcher passes one shared Shutdown to all services. */
export function createServiceContext(name: string, options: { logLevel: string; shutdownTimeoutMs: number; shutdown?: Shutdown }): ServiceContext {
  const logger = createLogger(name, options.logLevel);
  return {
    name,
    logger,
    shutdown: options.shutdown ?? new Shutdown(logger, options.shutdownTimeoutMs),
    readiness: new Readiness(),
    registry: createMetrics(name),
  };
}

/** Addresses a started service listens on. */
export interface ServiceEndpoints {
  grpcPort: number;
  adminPort: number;
}

/**
 * Starts a service's gRPC server (with health) and admin port, and registers their ordered stop:
 * readiness and gRPC health turn false first, then the server drains, and the admin port closes last.
 */
export async function serveService(
  context: ServiceContext,
  config: { GRPC_HOST: string; GRPC_PORT: number; ADMIN_PORT: number; VIEWER_TOKEN_SECRET: string; SHUTDOWN_TIMEOUT_MS: number },
  services: ServedService[],
): Promise<ServiceEndpoints> {
  const grpc = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services,
    viewerSecret: config.VIEWER_TOKEN_SECRET,
    logger: context.logger,
    registry: context.registry,
  });
  const admin = await startAdminServer({ host: config.GRPC_HOST, port: config.ADMIN_PORT, readiness: context.readiness, registry: context.registry });
  context.shutdown.add("drain", `${context.name} readiness`, () => {
    context.readiness.drain();
    grpc.setServing(false);
  });
  context.shutdown.add("servers", `${context.name} gRPC server`, () => grpc.stop(Math.floor(config.SHUTDOWN_TIMEOUT_MS / 2)));
  context.shutdown.add("admin", `${context.name} admin port`, () => admin.close());
  context.logger.info({ grpcPort: grpc.port, adminPort: admin.port }, "serving");
  return { grpcPort: grpc.port, adminPort: admin.port };
}
