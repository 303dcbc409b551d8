import type { MarkersServiceServer } from "@starling/proto/timelines/v1/markers";
import type { AsyncHandlers } from "@starling/runtime";
import type { FeedDeps } from "../use-cases/feed-deps.ts";
import { viewerAccount } from "./viewer-account.ts";
import { getMarkers, saveMarkers, type Marker } from "../use-cases/markers.ts";

const toMessage = (m: Marker) => ({ timeline: m.timeline, lastReadId: m.lastReadId, version: m.version, updatedAt: m.updatedAt });

/** gRPC handlers of MarkersService: always the viewer's own markers. */
export function markersHandlers(deps: FeedDeps): AsyncHandlers<MarkersServiceServer> {
  return {
    async getMarkers(request, ctx) {
      return { markers: (await getMarkers(deps, viewerAccount(ctx), request.timelines)).map(toMessage) };
    },
    async saveMarkers(request, ctx) {
      return { markers: (await saveMarkers(deps, viewerAccount(ctx), request.positions)).map(toMessage) };
    },
  };
}
