/**
 * Starts the trends service as the embedded launcher does (real gRPC, a fresh schema on the
 * process's embedded test server or on PostgreSQL, the InfraProvider's bus), and records every event
 * it publishes on starling.trends.v1.
 */
import type { Database } from "@starling/db";
import { startServiceHarness, type ServiceHarness, type ServiceHarnessOptions } from "@starling/platform/service-harness";
import { signViewer, type Viewer } from "@starling/runtime";
import { trendsEnv, type TrendsConfig } from "../../src/config.ts";
import { startTrendsService, type TrendsEndpoints, type TrendsServiceOptions } from "../../src/service.ts";

/** The secret the harness signs viewers with. */
export const VIEWER_SECRET = "trends-test-secret-".padEnd(40, "x");

export { testBackends as backends } from "@starling/platform/service-harness";

/** A running trends service for one test file; `events` are those published on starling.trends.v1. */
export interface TrendsHarness extends Omit<ServiceHarness<TrendsEndpoints>, "db"> {
  /** The trends schema. */
  db: Database;
  /** Call options carrying a signed viewer, as the gateway sends it. */
  as(viewer: Partial<Viewer>): Promise<{ viewerToken: string }>;
}

/** Starts trends in fresh schemas; `before` starts what it talks to (accounts, statuses) on the same infra first. */
export async function startTrendsHarness(
  databaseUrl: string | undefined,
  options: TrendsServiceOptions & Pick<ServiceHarnessOptions<TrendsConfig, TrendsEndpoints>, "env" | "before"> = {},
): Promise<TrendsHarness> {
  const harness = await startServiceHarness({
    service: "trends",
    configSchema: trendsEnv,
    viewerSecret: VIEWER_SECRET,
    databaseUrl,
    env: options.env,
    before: options.before,
    start: (config, context, infra) => startTrendsService(config, context, infra, options),
  });
  return {
    ...harness,
    db: harness.db("trends"),
    as: async (viewer) => ({ viewerToken: await signViewer(VIEWER_SECRET, { scopes: ["read", "write", "admin:read", "admin:write"], ...viewer }) }),
  };
}
