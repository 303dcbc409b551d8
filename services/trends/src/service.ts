import { createOutboxRelay, type EventBus, type Subscription } from "@starling/events";
import type { InfraProvider } from "@starling/platform";
import { createIdGenerator, serveService, type ServedService, type ServiceContext, type ServiceEndpoints } from "@starling/runtime";
import { trendsMigrations } from "../migrations/index.ts";
import { connectTrendsClients } from "./clients/trends-clients.ts";
import type { TrendsConfig } from "./config.ts";
import type { TrendSettings } from "./domain/trend-rules.ts";
import { TrendsServiceDefinition } from "@starling/proto/trends/v1/trends";
import { startReadModelsConsumer } from "./events/read-models-consumer.ts";
import { trendsHandlers } from "./grpc/trends-handlers.ts";
import type { TrendsDeps } from "./use-cases/deps.ts";
import { startTrendScheduler } from "./use-cases/refresh-trends.ts";
import { DirectoryServiceDefinition } from "@starling/proto/trends/v1/directory";
import { SearchServiceDefinition } from "@starling/proto/trends/v1/search";
import { SuggestionsServiceDefinition } from "@starling/proto/trends/v1/suggestions";
import { startSearchIndexConsumer } from "./events/search-index-consumer.ts";
import { directoryHandlers, searchHandlers, suggestionsHandlers } from "./grpc/search-handlers.ts";
import { searchDeps } from "./use-cases/search-index-deps.ts";

/** What to run besides the gRPC server. */
export interface TrendsServiceOptions {
  /** Publish outbox rows on starling.trends.v1 and consume other services' events (default true). */
  relay?: boolean;
  /** Replaces the clock (tests of half-lives and daily buckets). */
  now?: () => Date;
  /** Run the trend refresh scheduler (default true; tests refresh by RPC). */
  scheduler?: boolean;
}

/** Where a started trends service listens, and what it was composed with. */
export interface TrendsEndpoints extends ServiceEndpoints {
  deps: TrendsDeps;
}

/** One event consumer of the service: a name for the shutdown log, and how it subscribes. */
interface Consumer {
  name: string;
  start: (bus: EventBus, deps: TrendsDeps, config: TrendsConfig) => Promise<Subscription>;
}

/** The service's event consumers, each with its own group and inbox name. One line per area. */
const consumers: Consumer[] = [
  { name: "read models", start: startReadModelsConsumer },
  { name: "search index", start: (bus, deps, config) => startSearchIndexConsumer(bus, searchDeps(deps, config)) },
];

/** The service's gRPC services, one per area, each in its own proto file under starling/trends/v1. */
const grpcServices = (deps: TrendsDeps, config: TrendsConfig): ServedService[] => [
  { definition: TrendsServiceDefinition, handlers: trendsHandlers(deps) },
  { definition: SearchServiceDefinition, handlers: searchHandlers(searchDeps(deps, config)) },
  { definition: DirectoryServiceDefinition, handlers: directoryHandlers(searchDeps(deps, config)) },
  { definition: SuggestionsServiceDefinition, handlers: suggestionsHandlers(searchDeps(deps, config)) },
];

const trendSettings = (config: TrendsConfig): TrendSettings => ({
  enabled: config.TRENDS_ENABLED,
  trendableByDefault: config.TRENDABLE_BY_DEFAULT,
  thresholds: { tagAccounts: config.TRENDS_TAG_MIN_ACCOUNTS, statusInteractions: config.TRENDS_STATUS_MIN_INTERACTIONS, linkAccounts: config.TRENDS_LINK_MIN_ACCOUNTS },
});

/**
 * Composes the trends service: its schema, clients of accounts and statuses, its event consumers
 * (read models fed by other services' events, never their tables), the outbox relay to
 * starling.trends.v1, and its gRPC services.
 */
export async function startTrendsService(config: TrendsConfig, context: ServiceContext, infra: InfraProvider, options: TrendsServiceOptions = {}): Promise<TrendsEndpoints> {
  const db = await infra.database("trends");
  const ran = await db.migrate(trendsMigrations);
  if (ran.length > 0) context.logger.info({ migrations: ran }, "migrated");
  context.readiness.add("database", () => db.ping());
  const clients = connectTrendsClients(config);
  context.shutdown.add("clients", "trends clients", () => Object.values(clients).forEach((client) => client.close()));
  const deps: TrendsDeps = { db, clients, newId: createIdGenerator(), now: options.now ?? (() => new Date()), nudgeRelay: () => {}, settings: trendSettings(config), logger: context.logger };
  if (options.relay !== false) {
    const bus = infra.bus();
    context.readiness.add("event bus", () => bus.ping());
    const relay = createOutboxRelay({ db, bus, logger: context.logger });
    relay.start();
    deps.nudgeRelay = () => relay.nudge();
    context.shutdown.add("workers", "trends outbox relay", () => relay.stop());
    for (const consumer of consumers) {
      const subscription = await consumer.start(bus, deps, config);
      context.shutdown.add("workers", `trends ${consumer.name} consumer`, () => subscription.stop());
    }
  }
  if (options.scheduler !== false) {
    const scheduler = startTrendScheduler(deps, config.TRENDS_REFRESH_INTERVAL_MS, context.logger);
    context.shutdown.add("workers", "trends refresh scheduler", () => scheduler.stop());
  }
  const endpoints = await serveService(context, config, grpcServices(deps, config));
  return { ...endpoints, deps };
}
