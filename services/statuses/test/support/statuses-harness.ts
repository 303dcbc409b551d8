/**
 * Starts the statuses service as the embedded launcher does (real gRPC, real database, the
 * InfraProvider's embedded bus) next to the real accounts service on the same provider, and
 * records every statuses event.
 */
import type { Database } from "@starling/db";
import type { ChaosOptions, EventBus, EventEnvelope } from "@starling/events";
import { startServiceHarness, TEST_LOG_LEVEL } from "@starling/platform/service-harness";
import { StatusesServiceClient } from "@starling/proto/statuses/v1/statuses";
import { connectService, signViewer, type AsyncClient } from "@starling/runtime";
import { statusesEnv } from "../../src/config.ts";
import { startStatusesService } from "../../src/service.ts";
import { startRealAccountsPeer, type RealAccountsPeer } from "./real-accounts-peer.ts";

/** The secret the harness signs viewers with, for tests that need other claims (a role). */
export const VIEWER_SECRET = "statuses-test-secret-".padEnd(40, "x");

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
  let accounts: RealAccountsPeer | undefined;
  const harness = await startServiceHarness({
    service: "statuses",
    configSchema: statusesEnv,
    viewerSecret: VIEWER_SECRET,
    databaseUrl,
    env: options.env,
    chaos: options.chaos,
    before: async (infra, context) => {
      accounts = await startRealAccountsPeer(infra, context.shutdown, VIEWER_SECRET, TEST_LOG_LEVEL);
      return { ACCOUNTS_GRPC_URL: accounts.address };
    },
    start: (config, context, infra) => startStatusesService(config, context, infra, { now: options.now }),
  });
  const client = connectService(StatusesServiceClient, harness.address, { deadlineMs: 10_000 });
  return {
    client,
    address: harness.address,
    accounts: accounts!,
    db: harness.db("statuses"),
    events: harness.events,
    bus: harness.bus,
    viewer: async (accountId) => ({ viewerToken: await signViewer(VIEWER_SECRET, { accountId, scopes: ["read", "write"] }) }),
    async stop() {
      client.close();
      await harness.stop();
    },
  };
}
