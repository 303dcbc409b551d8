import { serveService, type ServiceContext, type ServiceEndpoints } from "@starling/runtime";
import type { ModerationConfig } from "./config.ts";

/**
 * Composes the moderation service. It owns no data yet (reports, domain and IP blocks, admin actions, rules and instance settings
 * arrive with their issues), so it serves only gRPC health and the admin
 * port; it is deployed from day one so its pipeline, probes and dashboards exist before its features.
 */
export async function startModerationService(config: ModerationConfig, context: ServiceContext): Promise<ServiceEndpoints> {
  return serveService(context, config, []);
}
