import type { Database } from "@starling/db";
import type { EventBus } from "@starling/events";
import type { KeyValueStore } from "@starling/kv";
import { TimelinesServiceService } from "@starling/proto/timelines/v1/timelines";
import { serveService, type ServiceContext, type ServiceEndpoints } from "@starling/runtime";
import { timelinesMigrations } from "../migrations/index.ts";
import type { TimelinesConfig } from "./config.ts";
import { startFeedConsumer } from "./events/feed-consumer.ts";
import { timelinesHandlers } from "./grpc/timelines-handlers.ts";
import { feedWritesCounter, type FeedDeps } from "./use-cases/feed-deps.ts";

/** The infrastructure the service needs: what `createInfraProvider` returns, or a test's stand-in. */
export interface TimelinesInfra {
  database(schema: string): Promise<Database>;
  bus(): EventBus;
  kv(): KeyValueStore;
}

/** Options of {@link startTimelinesService}. */
export interface TimelinesServiceOptions {
  /** Start the feed consumer (default true); off for a read-only replica or a test. */
  consumers?: boolean;
}

/**
 * Composes the timelines service: its read models in PostgreSQL, home feeds in the key-value store,
 * the consumer that keeps both from accounts and statuses events, and TimelinesService over gRPC.
 * It reads no other service's tables and calls no other service.
 */
export async function startTimelinesService(
  config: TimelinesConfig,
  context: ServiceContext,
  infra: TimelinesInfra,
  options: TimelinesServiceOptions = {},
): Promise<ServiceEndpoints> {
  const db = await infra.database("timelines");
  await db.migrate(timelinesMigrations);
  const kv = infra.kv();
  const deps: FeedDeps = { db, kv, feedWrites: feedWritesCounter(context.registry) };
  context.readiness.add("database", () => db.ping());
  context.readiness.add("key-value store", () => kv.ping());
  if (options.consumers ?? true) {
    const bus = infra.bus();
    context.readiness.add("event bus", () => bus.ping());
    const subscription = await startFeedConsumer(bus, deps);
    context.shutdown.add("workers", "timelines feed consumer", () => subscription.stop());
  }
  return serveService(context, config, [{ definition: TimelinesServiceService, handlers: timelinesHandlers(deps) }]);
}
