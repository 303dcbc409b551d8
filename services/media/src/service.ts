import { serveService, type ServiceContext, type ServiceEndpoints } from "@starling/runtime";
import type { MediaConfig } from "./config.ts";

/**
 * Composes the media service. It owns no data yet (uploads, processing, thumbnails, storage and preview cards
 * arrive with their issues), so it serves only gRPC health and the admin
 * port; it is deployed from day one so its pipeline, probes and dashboards exist before its features.
 */
export async function startMediaService(config: MediaConfig, context: ServiceContext): Promise<ServiceEndpoints> {
  return serveService(context, config, []);
}
