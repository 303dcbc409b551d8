import { z } from "zod";
import type { MarkersResponse } from "@starling/proto/timelines/v1/markers";
import type { Route, RouteContext } from "../http/route.ts";
import { idParam } from "../http/params.ts";
import { isoOrNull } from "../presenters/values.ts";

const timelines = z.object({ timeline: z.union([z.array(z.string()), z.string().transform((name) => [name])]).default([]) });
const position = z.object({ last_read_id: idParam }).optional();
const save = z.object({ home: position, notifications: position });

/** Mastodon's answer: an object keyed by timeline name, each a Marker (reference §1.9). */
const presentMarkers = (_ctx: RouteContext, r: MarkersResponse) =>
  Object.fromEntries(r.markers.map((m) => [m.timeline, { last_read_id: m.lastReadId, version: m.version, updated_at: isoOrNull(m.updatedAt) }]));

/** Markers (reference §1.9), kept by the timelines service. */
export const markerRoutes: Route[] = [
  {
    method: "get",
    path: "/api/v1/markers",
    auth: "user",
    scopes: ["read", "read:statuses"],
    input: timelines,
    call: (ctx, input: z.infer<typeof timelines>) => ctx.clients.markers.getMarkers({ timelines: input.timeline }, { viewerToken: ctx.viewerToken }),
    present: presentMarkers,
  },
  {
    method: "post",
    path: "/api/v1/markers",
    auth: "user",
    scopes: ["write", "write:statuses"],
    input: save,
    call: (ctx, input: z.infer<typeof save>) => {
      const positions = (["home", "notifications"] as const).flatMap((timeline) => {
        const marker = input[timeline];
        return marker ? [{ timeline, lastReadId: marker.last_read_id }] : [];
      });
      return ctx.clients.markers.saveMarkers({ positions }, { viewerToken: ctx.viewerToken });
    },
    present: presentMarkers,
  },
];
