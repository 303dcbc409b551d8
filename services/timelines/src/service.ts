import { startInstanceBlocksConsumer } from "./events/instance-blocks-consumer.ts";
import type { Database } from "@starling/db";
import { createOutboxRelay, type EventBus } from "@starling/events";
import type { KeyValueStore } from "@starling/kv";
import { TagsServiceDefinition } from "@starling/proto/timelines/v1/tags";
import { TimelinesServiceDefinition } from "@starling/proto/timelines/v1/timelines";
import { MarkersServiceDefinition } from "@starling/proto/timelines/v1/markers";
import { NotificationsServiceDefinition } from "@starling/proto/timelines/v1/notifications";
import { ListsServiceDefinition } from "@starling/proto/timelines/v1/lists";
import { ConversationsServiceDefinition } from "@starling/proto/timelines/v1/conversations";
import { FiltersServiceDefinition } from "@starling/proto/timelines/v1/filters";
import { createIdGenerator, serveService, type ServiceContext, type ServiceEndpoints } from "@starling/runtime";
import { timelinesMigrations } from "../migrations/index.ts";
import type { TimelinesConfig } from "./config.ts";
import { startFeedConsumer } from "./events/feed-consumer.ts";
import { markersHandlers } from "./grpc/markers-handlers.ts";
import { notificationsHandlers } from "./grpc/notifications-handlers.ts";
import { tagsHandlers } from "./grpc/tags-handlers.ts";
import { startStreamNotificationsConsumer } from "./events/stream-notifications-consumer.ts";
import { startStreamAnnouncementsConsumer } from "./events/stream-announcements-consumer.ts";
import { timelinesHandlers } from "./grpc/timelines-handlers.ts";
import { listsHandlers } from "./grpc/lists-handlers.ts";
import { conversationsHandlers } from "./grpc/conversations-handlers.ts";
import { filtersHandlers } from "./grpc/filters-handlers.ts";
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
  /** Run the outbox relay publishing notification events (default true); a second replica may leave it off. */
  relay?: boolean;
}

/**
 * Composes the timelines service: its read models, notifications and markers in PostgreSQL, home
 * feeds in the key-value store, the consumer that keeps them from accounts and statuses events, the
 * outbox relay publishing notification.created, and TimelinesService, NotificationsService and
 * MarkersService over gRPC. It reads no other service's tables and calls no other service.
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
  const deps: FeedDeps = { db, kv, feedWrites: feedWritesCounter(context.registry), newId: createIdGenerator(), nudgeRelay: () => {} };
  context.readiness.add("database", () => db.ping());
  context.readiness.add("key-value store", () => kv.ping());
  const relay = options.relay ?? true;
  const consumers = options.consumers ?? true;
  if (relay || consumers) context.readiness.add("event bus", () => infra.bus().ping());
  if (relay) {
    const outbox = createOutboxRelay({ db, bus: infra.bus(), logger: context.logger });
    outbox.start();
    deps.nudgeRelay = () => outbox.nudge();
    context.shutdown.add("workers", "timelines outbox relay", () => outbox.stop());
  }
  if (consumers) {
    const subscription = await startFeedConsumer(infra.bus(), deps);
    context.shutdown.add("workers", "timelines feed consumer", () => subscription.stop());
    const instanceBlocks = await startInstanceBlocksConsumer(infra.bus(), db);
    context.shutdown.add("workers", "timelines instance blocks consumer", () => instanceBlocks.stop());
    const notificationStreams = await startStreamNotificationsConsumer(infra.bus(), kv);
    context.shutdown.add("workers", "timelines notification streaming", () => notificationStreams.stop());
    const announcementStreams = await startStreamAnnouncementsConsumer(infra.bus(), kv);
    context.shutdown.add("workers", "timelines announcement streaming", () => announcementStreams.stop());
  }
  const listsDeps = { ...deps, newId: createIdGenerator(), now: () => new Date() };
  return serveService(context, config, [
    { definition: TimelinesServiceDefinition, handlers: timelinesHandlers(deps) },
    { definition: NotificationsServiceDefinition, handlers: notificationsHandlers(deps) },
    { definition: MarkersServiceDefinition, handlers: markersHandlers(deps) },
    { definition: ListsServiceDefinition, handlers: listsHandlers(listsDeps) },
    { definition: TagsServiceDefinition, handlers: tagsHandlers(deps) },
    { definition: ConversationsServiceDefinition, handlers: conversationsHandlers(deps) },
    { definition: FiltersServiceDefinition, handlers: filtersHandlers(listsDeps) },
  ]);
}
