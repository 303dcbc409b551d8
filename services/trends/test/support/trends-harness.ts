/**
 * Starts the trends service as the embedded launcher does (real gRPC, a fresh schema on the
 * process's embedded test server or on PostgreSQL, the InfraProvider's bus), and records every event
 * it publishes on starling.trends.v1.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { throwawayTestSchema, type Database } from "@starling/db";
import { TOPICS, type EventBus, type EventEnvelope } from "@starling/events";
import { createInfraProvider, type InfraProvider } from "@starling/platform";
import { createServiceContext, signViewer, type ServiceContext, type Viewer } from "@starling/runtime";
import { uniqueName } from "@starling/testkit";
import { trendsEnv } from "../../src/config.ts";
import { startTrendsService, type TrendsEndpoints, type TrendsServiceOptions } from "../../src/service.ts";

/** The secret the harness signs viewers with. */
export const VIEWER_SECRET = "trends-test-secret-".padEnd(40, "x");
const LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? "silent";

/** The embedded PostgreSQL always, the real server too when DATABASE_URL is set. */
export const backends: { name: string; url?: string }[] = [{ name: "embedded PostgreSQL" }, ...(process.env.DATABASE_URL ? [{ name: "PostgreSQL", url: process.env.DATABASE_URL }] : [])];

/** A running trends service for one test file. */
export interface TrendsHarness {
  address: string;
  endpoints: TrendsEndpoints;
  context: ServiceContext;
  infra: InfraProvider;
  /** The trends schema. */
  db: Database;
  /** Every envelope published on starling.trends.v1 so far. */
  events: EventEnvelope[];
  bus: EventBus;
  /** Call options carrying a signed viewer, as the gateway sends it. */
  as(viewer: Partial<Viewer>): Promise<{ viewerToken: string }>;
  stop(): Promise<void>;
}

/** Starts trends in fresh schemas; `before` starts what it talks to (accounts, statuses) on the same infra first. */
export async function startTrendsHarness(
  databaseUrl: string | undefined,
  options: TrendsServiceOptions & { env?: Record<string, string>; before?: (infra: InfraProvider, context: ServiceContext) => Promise<Record<string, string>> } = {},
): Promise<TrendsHarness> {
  const base = { VIEWER_TOKEN_SECRET: VIEWER_SECRET, GRPC_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL, DATA_DIR: await mkdtemp(join(tmpdir(), "trends-test-")), LOCAL_DOMAIN: "social.test", ...options.env };
  const context = createServiceContext("trends", { logLevel: LOG_LEVEL, shutdownTimeoutMs: 5_000 });
  const provider = createInfraProvider(trendsEnv.parse(base), { clientId: "trends-test", logger: context.logger, shutdown: context.shutdown });
  const opened = new Map<string, Database>();
  const infra: InfraProvider = {
    bus: () => provider.bus(),
    kv: () => provider.kv(),
    async database(schema) {
      const db = await throwawayTestSchema(databaseUrl, uniqueName(schema), context.shutdown);
      opened.set(schema, db);
      return db;
    },
  };
  const events: EventEnvelope[] = [];
  await infra.bus().subscribe({ topics: [TOPICS.trends], group: uniqueName("trends_test"), fromBeginning: true, handler: async (e) => void events.push(e) });
  const peers = (await options.before?.(infra, context)) ?? {};
  const endpoints = await startTrendsService(trendsEnv.parse({ ...base, ...peers }), context, infra, options);
  return {
    address: `127.0.0.1:${endpoints.grpcPort}`,
    endpoints,
    context,
    infra,
    db: opened.get("trends")!,
    events,
    bus: infra.bus(),
    as: async (viewer) => ({ viewerToken: await signViewer(VIEWER_SECRET, { scopes: ["read", "write", "admin:read", "admin:write"], ...viewer }) }),
    stop: () => context.shutdown.run("test"),
  };
}
