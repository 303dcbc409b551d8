/**
 * Starts the statuses service as the embedded launcher does (real gRPC, real database, the
 * InfraProvider's embedded bus) next to the real accounts service on the same provider, and
 * records every statuses event.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { throwawayTestSchema, type Database } from "@starling/db";
import { createEmbeddedBus, TOPICS, type ChaosOptions, type EventBus, type EventEnvelope } from "@starling/events";
import { createInfraProvider, type InfraProvider } from "@starling/platform";
import { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import { connectService, createServiceContext, signViewer, type AsyncClient } from "@starling/runtime";
import { uniqueName } from "@starling/testkit";
import { statusesEnv } from "../../src/config.ts";
import { startStatusesService } from "../../src/service.ts";
import { startRealAccountsPeer, type RealAccountsPeer } from "./real-accounts-peer.ts";

/** The secret the harness signs viewers with, for tests that need other claims (a role). */
export const VIEWER_SECRET = "statuses-test-secret-".padEnd(40, "x");
const LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? "silent";

/** A running statuses service (and accounts beside it) for one test file. */
export interface StatusesHarness {
  client: AsyncClient<StatusesServiceClient>;
  /** host:port of the statuses gRPC server, for clients of its other services. */
  address: string;
  accounts: RealAccountsPeer;
  /** The statuses service's own database (to check what was stored). */
  db: Database;
  /** Every envelope published on starling.statuses.v1 so far. */
  events: EventEnvelope[];
  /** The services' event bus, for tests that publish what other services would. */
  bus: EventBus;
  /** Call options carrying a signed viewer for `accountId`, as the gateway sends it. */
  viewer(accountId: string): Promise<{ viewerToken: string }>;
  stop(): Promise<void>;
}

/**
 * Starts accounts and statuses in fresh schemas on the process's embedded test server, or on PostgreSQL
 * when `databaseUrl` is given. `chaos` makes the embedded bus deliver duplicates or out of order, for idempotency tests; `now` replaces the service's clock; `env` adds service variables (a translation backend).
 */
export async function startStatusesHarness(databaseUrl?: string, options: { chaos?: ChaosOptions; now?: () => Date; env?: Record<string, string> } = {}): Promise<StatusesHarness> {
  const config = statusesEnv.parse({
    VIEWER_TOKEN_SECRET: VIEWER_SECRET,
    GRPC_PORT: "0",
    ADMIN_PORT: "0",
    LOG_LEVEL,
    DATA_DIR: await mkdtemp(join(tmpdir(), "statuses-test-")),
    LOCAL_DOMAIN: "social.test",
    ...options.env,
  });
  const context = createServiceContext("statuses", { logLevel: LOG_LEVEL, shutdownTimeoutMs: 5_000 });
  const base = createInfraProvider(config, { clientId: "statuses-test", logger: context.logger, shutdown: context.shutdown });
  const opened = new Map<string, Database>();
  const chaosBus = options.chaos ? createEmbeddedBus({ chaos: options.chaos }) : undefined;
  if (chaosBus) context.shutdown.add("stores", "test chaos bus", () => chaosBus.close());
  const infra: InfraProvider = {
    bus: () => chaosBus ?? base.bus(),
    kv: () => base.kv(),
    async database(schema) {
      const db = await throwawayTestSchema(databaseUrl, uniqueName(schema), context.shutdown);
      opened.set(schema, db);
      return db;
    },
  };
  const events: EventEnvelope[] = [];
  await infra.bus().subscribe({ topics: [TOPICS.statuses], group: uniqueName("statuses_test"), fromBeginning: true, handler: async (e) => void events.push(e) });
  const accounts = await startRealAccountsPeer(infra, context.shutdown, VIEWER_SECRET, LOG_LEVEL);
  const { grpcPort } = await startStatusesService({ ...config, ACCOUNTS_GRPC_URL: accounts.address }, context, infra, { now: options.now });
  const client = connectService(StatusesServiceClient, `127.0.0.1:${grpcPort}`, { deadlineMs: 10_000 });
  return {
    client,
    address: `127.0.0.1:${grpcPort}`,
    accounts,
    db: opened.get("statuses")!,
    events,
    bus: infra.bus(),
    viewer: async (accountId) => ({ viewerToken: await signViewer(VIEWER_SECRET, { accountId, scopes: ["read", "write"] }) }),
    async stop() {
      client.close();
      await context.shutdown.run("test");
    },
  };
}
