import { serveService, type ServiceContext, type ServiceEndpoints } from "@starling/runtime";
import type { TrendsConfig } from "./config.ts";

/**
 * Composes the trends service. It owns no data yet (trending tags, links and statuses, suggestions,
 * the directory and search arrive with their issues), so it serves only gRPC health and the admin
 * port; it is deployed from day one so its pipeline, probes and dashboards exist before its features.
 */
export async function startTrendsService(config: TrendsConfig, context: ServiceContext): Promise<ServiceEndpoints> {
  return serveService(context, config, []);
}
