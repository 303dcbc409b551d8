/**
 * A running timelines service on a real database, a real key-value store and an embedded bus, with
 * what the tests need: publishing real envelopes as the accounts and statuses services would, and
 * reading timelines over real gRPC as the gateway would.
 */
import type { Database } from "@starling/db";
import { createEmbeddedBus, encodePayload, EVENT_CATALOG, newEnvelope, TOPICS, type ChaosOptions, type EmbeddedBus, type EventEnvelope, type EventType, type PayloadOf } from "@starling/events";
import type { KeyValueStore } from "@starling/kv";
import type { PageRequest } from "@starling/proto/common/v1/page";
import { TimelinesServiceClient } from "@starling/proto/timelines/v1/timelines";
import { NotificationsServiceClient } from "@starling/proto/timelines/v1/notifications";
import { MarkersServiceClient } from "@starling/proto/timelines/v1/markers";
import { connectService, createServiceContext, signViewer, type AsyncClient, type ServiceContext } from "@starling/runtime";
import { timelinesEnv } from "../src/config.ts";
import { startTimelinesService } from "../src/service.ts";

const SECRET = "timelines-test-secret-".padEnd(40, "x");

/** One service under test. */
export interface Harness {
  kv: KeyValueStore;
  context: ServiceContext;
  adminPort: number;
  /** Where the service answers gRPC, for clients of its other services (lists). */
  grpcPort: number;
  /** Publishes one event; `at` fixes its occurred_at (otherwise now). */
  publish<T extends EventType>(type: T, key: string, payload: PayloadOf<T>, at?: Date): Promise<void>;
  /** Waits until every published event was handled. */
  drain(): Promise<void>;
  home(accountId: string | undefined, page?: Partial<PageRequest>): Promise<string[]>;
  /** The public timeline, anonymous or as `viewerId`. */
  publicTimeline(page?: Partial<PageRequest>, filter?: { local?: boolean; remote?: boolean }, viewerId?: string): Promise<string[]>;
  notifications: AsyncClient<NotificationsServiceClient>;
  markers: AsyncClient<MarkersServiceClient>;
  /** Call options signed as `accountId` (a user token with `read` and `write`). */
  as(accountId: string): Promise<{ viewerToken: string }>;
  /** Every envelope the service published on starling.timelines.v1 so far. */
  published: EventEnvelope[];
  stop(): Promise<void>;
}

/** The signed viewer token the gateway would send for `accountId` (none when absent). */
export const viewerTokenOf = async (accountId: string | undefined) => (accountId ? signViewer(SECRET, { accountId, scopes: ["read"] }) : undefined);

/** Starts the service on `db` and `kv` with its own embedded bus (chaotic when asked). */
export async function startHarness(db: Database, kv: KeyValueStore, chaos?: ChaosOptions): Promise<Harness> {
  const bus: EmbeddedBus = createEmbeddedBus(chaos ? { chaos } : {});
  const config = timelinesEnv.parse({ VIEWER_TOKEN_SECRET: SECRET, GRPC_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL: "silent" });
  const context = createServiceContext("timelines", { logLevel: "silent", shutdownTimeoutMs: 5_000 });
  const { grpcPort, adminPort } = await startTimelinesService(config, context, { database: async () => db, bus: () => bus, kv: () => kv });
  const client = connectService(TimelinesServiceClient, `127.0.0.1:${grpcPort}`, { deadlineMs: 10_000 });
  const notifications = connectService(NotificationsServiceClient, `127.0.0.1:${grpcPort}`, { deadlineMs: 10_000 });
  const markers = connectService(MarkersServiceClient, `127.0.0.1:${grpcPort}`, { deadlineMs: 10_000 });
  const published: EventEnvelope[] = [];
  const outbound = await bus.subscribe({ topics: [TOPICS.timelines], group: "test-outbound", fromBeginning: true, handler: async (e) => void published.push(e) });
  const page = (p: Partial<PageRequest> = {}): PageRequest => ({ ...p });
  return {
    notifications,
    markers,
    published,
    as: async (accountId) => ({ viewerToken: await signViewer(SECRET, { accountId, scopes: ["read", "write"] }) }),
    kv,
    context,
    adminPort,
    grpcPort,
    async publish(type, key, payload, at) {
      const envelope = newEnvelope({ type, source: "test", key, payload: encodePayload(type, payload) });
      if (at) envelope.occurredAt = at;
      await bus.publish(EVENT_CATALOG[type].topic, [envelope]);
    },
    drain: () => bus.drain(),
    async home(accountId, p) {
      return (await client.getHomeTimeline({ page: page(p) }, { viewerToken: await viewerTokenOf(accountId) })).statusIds;
    },
    async publicTimeline(p, filter = {}, viewerId) {
      const request = { page: page(p), local: filter.local ?? false, remote: filter.remote ?? false };
      return (await client.getPublicTimeline(request, { viewerToken: await viewerTokenOf(viewerId) })).statusIds;
    },
    async stop() {
      client.close();
      notifications.close();
      markers.close();
      await outbound.stop();
      await context.shutdown.run("test");
      await bus.close();
    },
  };
}
