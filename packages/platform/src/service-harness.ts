/**
 * Test-only (imported through `@starling/platform/service-harness`): starts one service as the
 * embedded launcher does, for its integration tests: its env validated, its infrastructure from the
 * InfraProvider (a fresh throwaway schema per database on the process's embedded test server, or on
 * PostgreSQL when a URL is given), every event it publishes on its topic recorded.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { throwawayTestSchema, type Database } from "@starling/db";
import { createEmbeddedBus, TOPICS, type ChaosOptions, type EventBus, type EventEnvelope } from "@starling/events";
import { createServiceContext, type ServiceContext } from "@starling/runtime";
import { uniqueName } from "@starling/testkit";
import type { InfraConfig } from "./infra-config.ts";
import { createInfraProvider, type InfraProvider } from "./infra-provider.ts";

/** What {@link startServiceHarness} needs to know of the service under test. */
export interface ServiceHarnessOptions<Config extends InfraConfig, Endpoints extends { grpcPort: number }> {
  /** The service: its logger's, client id's and data folder's name; its topic's events are recorded. */
  service: keyof typeof TOPICS;
  /** The service's config schema; the provider is built from the harness's env. */
  configSchema: { parse(env: Record<string, string>): Config };
  /** The secret viewers are signed with. */
  viewerSecret: string;
  /** PostgreSQL to make the schemas on; the process's embedded test server when absent. */
  databaseUrl: string | undefined;
  /** Env vars added to (or overriding) the harness's own. */
  env?: Record<string, string>;
  /** Delivers through an embedded bus of its own that duplicates or reorders, for idempotency tests. */
  chaos?: ChaosOptions;
  /** How long the ordered stop may take (default 5 s). */
  shutdownTimeoutMs?: number;
  /** Starts what the service talks to on the same infrastructure first; returns env vars naming it. */
  before?: (infra: InfraProvider, context: ServiceContext) => Promise<Record<string, string>>;
  /** Starts the service with the config of the whole env (the harness's, `env` and `before`'s). */
  start: (config: Config, context: ServiceContext, infra: InfraProvider) => Promise<Endpoints>;
}

/** A running service, as each service's own harness builds on it. */
export interface ServiceHarness<Endpoints extends { grpcPort: number }> {
  /** host:port of its gRPC server. */
  address: string;
  endpoints: Endpoints;
  context: ServiceContext;
  infra: InfraProvider;
  /** The env the service was started with (its DATA_DIR among it). */
  env: Record<string, string>;
  /** The throwaway database opened for `schema` (the service's own, or a peer's). */
  db(schema: string): Database;
  /** Every envelope published on the service's topic so far. */
  events: EventEnvelope[];
  bus: EventBus;
  /** Runs the service's ordered shutdown (and drops the schemas). */
  stop(): Promise<void>;
}

// Tests read the environment directly; there is no service config in a harness.
/** The databases a suite runs on: the embedded PostgreSQL always, the real server too when DATABASE_URL is set. */
export const testBackends: { name: string; url?: string }[] = [{ name: "embedded PostgreSQL" }, ...(process.env.DATABASE_URL ? [{ name: "PostgreSQL", url: process.env.DATABASE_URL }] : [])];

/** The log level of services under test: TEST_LOG_LEVEL, or nothing. */
export const TEST_LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? "silent";

/** Starts the service (see the file comment). */
export async function startServiceHarness<Config extends InfraConfig, Endpoints extends { grpcPort: number }>(options: ServiceHarnessOptions<Config, Endpoints>): Promise<ServiceHarness<Endpoints>> {
  const { service } = options;
  const base = {
    VIEWER_TOKEN_SECRET: options.viewerSecret,
    GRPC_PORT: "0",
    ADMIN_PORT: "0",
    LOG_LEVEL: TEST_LOG_LEVEL,
    DATA_DIR: await mkdtemp(join(tmpdir(), `${service}-test-`)),
    LOCAL_DOMAIN: "social.test",
    ...options.env,
  };
  const context = createServiceContext(service, { logLevel: TEST_LOG_LEVEL, shutdownTimeoutMs: options.shutdownTimeoutMs ?? 5_000 });
  const provider = createInfraProvider(options.configSchema.parse(base), { clientId: `${service}-test`, logger: context.logger, shutdown: context.shutdown });
  const chaosBus = options.chaos ? createEmbeddedBus({ chaos: options.chaos }) : undefined;
  if (chaosBus) context.shutdown.add("stores", "test chaos bus", () => chaosBus.close());
  const opened = new Map<string, Database>();
  const infra: InfraProvider = {
    bus: () => chaosBus ?? provider.bus(),
    kv: () => provider.kv(),
    async database(schema) {
      const db = await throwawayTestSchema(options.databaseUrl, uniqueName(schema), context.shutdown);
      opened.set(schema, db);
      return db;
    },
  };
  const events: EventEnvelope[] = [];
  await infra.bus().subscribe({ topics: [TOPICS[service]], group: uniqueName(`${service}_test`), fromBeginning: true, handler: async (e) => void events.push(e) });
  const env = { ...base, ...(await options.before?.(infra, context)) };
  const endpoints = await options.start(options.configSchema.parse(env), context, infra);
  return {
    address: `127.0.0.1:${endpoints.grpcPort}`,
    endpoints,
    context,
    infra,
    env,
    db(schema) {
      const db = opened.get(schema);
      if (!db) throw new Error(`no ${schema} database was opened`);
      return db;
    },
    events,
    bus: infra.bus(),
    stop: () => context.shutdown.run("test"),
  };
}
