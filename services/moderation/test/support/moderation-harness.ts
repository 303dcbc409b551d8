/**
 * Starts the moderation service as the embedded launcher does (real gRPC, a fresh schema on the
 * process's embedded test server or on PostgreSQL, the InfraProvider's bus), and records every event
 * it publishes on starling.moderation.v1.
 */
import type { Database } from "@starling/db";
import { startServiceHarness, type ServiceHarness, type ServiceHarnessOptions } from "@starling/platform/service-harness";
import { signViewer, type Viewer } from "@starling/runtime";
import { seededViewerRole } from "@starling/accounts";
import { moderationEnv, type ModerationConfig } from "../../src/config.ts";
import { startModerationService, type ModerationEndpoints, type ModerationServiceOptions } from "../../src/service.ts";

/** The secret the harness signs viewers with. */
export const VIEWER_SECRET = "moderation-test-secret-".padEnd(40, "x");

export { testBackends as backends } from "@starling/platform/service-harness";

/** A running moderation service for one test file; `events` are those published on starling.moderation.v1. */
export interface ModerationHarness extends Omit<ServiceHarness<ModerationEndpoints>, "db"> {
  /** The moderation schema. */
  db: Database;
  /** Call options carrying a signed viewer, as the gateway sends it. */
  /** Call options of a signed viewer; `role` names a role accounts seeds ("" for everyone). */
  as(viewer: Partial<Omit<Viewer, "role">> & { role?: string }): Promise<{ viewerToken: string }>;
}

/** Starts moderation in fresh schemas; `before` starts what it talks to (accounts, statuses) on the same infra first. */
export async function startModerationHarness(
  databaseUrl: string | undefined,
  options: ModerationServiceOptions & Pick<ServiceHarnessOptions<ModerationConfig, ModerationEndpoints>, "env" | "before"> = {},
): Promise<ModerationHarness> {
  const harness = await startServiceHarness({
    service: "moderation",
    configSchema: moderationEnv,
    viewerSecret: VIEWER_SECRET,
    databaseUrl,
    env: options.env,
    before: options.before,
    start: (config, context, infra) => startModerationService(config, context, infra, options),
  });
  return {
    ...harness,
    db: harness.db("moderation"),
    as: async ({ role, ...viewer }) => ({ viewerToken: await signViewer(VIEWER_SECRET, { scopes: ["read", "write", "admin:read", "admin:write"], ...viewer, role: role === undefined ? undefined : seededViewerRole(role) }) }),
  };
}
