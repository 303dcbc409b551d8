/**
 * The floor's gateway, forked by the bench without tsx: an express app with no middleware and one
 * route, which per request makes the production-like stack's two unary calls (timelines for the
 * feed's ids, then statuses for the page), each with the signed viewer in its metadata and a
 * deadline as the real clients send them, and answers the page's JSON with `res.json`. No token
 * check, no presenters, no Link header: the shape's cost and nothing inside it.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { ChannelCredentials, Metadata, type ServiceError } from "@grpc/grpc-js";
import express from "express";
import { VIEWER_METADATA_KEY } from "@starling/runtime";
import { StatusesServiceClient, type StatusPage } from "@starling/proto/statuses/v1/statuses";
import { TimelinesServiceClient, type TimelinePage } from "@starling/proto/timelines/v1/timelines";
import { serveForked } from "./forked-server.ts";

/** What the bench sends the floor's gateway. */
export interface FloorGatewaySetup {
  timelinesAddress: string;
  statusesAddress: string;
  /** A signed viewer of the reader, sent along as the real gateway does (the floor's upstreams do not verify it). */
  viewerToken: string;
  /** The JSON page Starling served, parsed once and serialized on every request. */
  pageJson: string;
}

// The real clients' default deadline (GRPC_DEADLINE_MS's default in the runtime's config).
const DEADLINE_MS = 5_000;

serveForked<FloorGatewaySetup>(async (setup) => {
  const timelines = new TimelinesServiceClient(setup.timelinesAddress, ChannelCredentials.createInsecure());
  const statuses = new StatusesServiceClient(setup.statusesAddress, ChannelCredentials.createInsecure());
  const page: unknown = JSON.parse(setup.pageJson);
  const callOptions = () => {
    const metadata = new Metadata();
    metadata.set(VIEWER_METADATA_KEY, setup.viewerToken);
    return [metadata, { deadline: Date.now() + DEADLINE_MS }] as const;
  };
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.get("/api/v1/timelines/home", (_request, response, next) => {
    timelines.getHomeTimeline({ page: { limit: 20 } }, ...callOptions(), (error: ServiceError | null, ids: TimelinePage) => {
      if (error) return next(error);
      statuses.getStatusPage({ ids: ids.statusIds, filterContext: "home" }, ...callOptions(), (failure: ServiceError | null, _statusPage: StatusPage) => {
        if (failure) return next(failure);
        response.json(page);
      });
    });
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
});
