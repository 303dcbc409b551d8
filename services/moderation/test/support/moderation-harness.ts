/**
 * Starts the moderation service as the embedded launcher does (real gRPC, a fresh schema on the
 * process's embedded test server or on PostgreSQL, the InfraProvider's bus), and records every event
 * it publishes on starling.moderation.v1.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { throwawayTestSchema, type Database } from "@starling/db";
import { TOPICS, type EventBus, type EventEnvelope } from "@starling/events";
import { createInfraProvider, type InfraProvider } from "@starling/platform";
import { createServiceContext, signViewer, type ServiceContext, type Viewer } from "@starling/runtime";
import { uniqueName } from "@starling/testkit";
import { seededViewerRole } from "@starling/accounts";
import { moderationEnv } from "../../src/config.ts";
import { startModerationService, type ModerationEndpoints, type ModerationServiceOptions } from "../../src/service.ts";

/** The secret the harness signs viewers with. */
export const VIEWER_SECRET = "moderation-test-secret-".padEnd(40, "x");
const LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? "silent";

/** The embedded PostgreSQL always, the real server too when DATABASE_URL is set. */
export const backends: { name: string; url?: string }[] = [{ name: "embedded PostgreSQL" }, ...(process.env.DATABASE_URL ? [{ name: "PostgreSQL", url: process.env.DATABASE_URL }] : [])];

/** A running moderation service for one test file. */
export interface ModerationHarness {
  address: string;
  endpoints: ModerationEndpoints;
  context: ServiceContext;
  infra: InfraProvider;
  /** The moderation schema. */
  db: Database;
  /** Every envelope published on starling.moderation.v1 so far. */
  events: EventEnvelope[];
  bus: EventBus;
  /** Call options carrying a signed viewer, as the gateway sends it. */
  /** Call options of a signed viewer; `role` names a role accounts seeds ("" for everyone). */
  as(viewer: Partial<Omit<Viewer, "role">> & { role?: string }): Promise<{ viewerToken: string }>;
  stop(): Promise<void>;
}

/** Starts moderation in fresh schemas; `before` starts what it talks to (accounts, statuses) on the same infra first. */
export async function startModerationHarness(
  databaseUrl: string | undefined,
  options: ModerationServiceOptions & { env?: Record<string, string>; before?: (infra: InfraProvider, context: ServiceContext) => Promise<Record<string, string>> } = {},
): Promise<ModerationHarness> {
  const base = { VIEWER_TOKEN_SECRET: VIEWER_SECRET, GRPC_PORT: "0", ADMIN_PORT: "0", LOG_LEVEL, DATA_DIR: await mkdtemp(join(tmpdir(), "moderation-test-")), LOCAL_DOMAIN: "social.test", ...options.env };
  const context = createServiceContext("moderation", { logLevel: LOG_LEVEL, shutdownTimeoutMs: 5_000 });
  const provider = createInfraProvider(moderationEnv.parse(base), { clientId: "moderation-test", logger: context.logger, shutdown: context.shutdown });
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
  await infra.bus().subscribe({ topics: [TOPICS.moderation], group: uniqueName("moderation_test"), fromBeginning: true, handler: async (e) => void events.push(e) });
  const peers = (await options.before?.(infra, context)) ?? {};
  const endpoints = await startModerationService(moderationEnv.parse({ ...base, ...peers }), context, infra, options);
  return {
    address: `127.0.0.1:${endpoints.grpcPort}`,
    endpoints,
    context,
    infra,
    db: opened.get("moderation")!,
    events,
    bus: infra.bus(),
    as: async ({ role, ...viewer }) => ({ viewerToken: await signViewer(VIEWER_SECRET, { scopes: ["read", "write", "admin:read", "admin:write"], ...viewer, role: role === undefined ? undefined : seededViewerRole(role) }) }),
    stop: () => context.shutdown.run("test"),
  };
}
